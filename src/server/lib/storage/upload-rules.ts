import {
  AVATAR_MAX_BYTES,
  BADGE_IMAGE_SIZE,
  MAX_IMAGE_BYTES,
  MAX_VIDEO_BYTES,
  type MediaType,
} from '@shared/constants';

// What each kind of upload may be: its byte limits per media type and the sizes its images are
// stored at.

export type UploadKind = 'media' | 'avatar' | 'badge';

/** Byte limit per media type for an upload; null refuses that media type outright. */
export type UploadLimits = Record<MediaType, number | null>;

/** Longest side, in pixels, of the stored image and of its feed thumbnail. */
export const WEB_IMAGE_MAX_PX = 1600;
export const THUMB_MAX_PX = 400;
/** Not in the spec: avatars show at most about 256 px wide, so 512 stays sharp on 2x screens. */
export const AVATAR_MAX_PX = 512;

export interface KindRules {
  limits: UploadLimits;
  imageMaxPx: number;
  thumbMaxPx: number | null;
}

export const UPLOAD_RULES: Readonly<Record<UploadKind, KindRules>> = {
  media: {
    limits: { image: MAX_IMAGE_BYTES, video: MAX_VIDEO_BYTES },
    imageMaxPx: WEB_IMAGE_MAX_PX,
    thumbMaxPx: THUMB_MAX_PX,
  },
  avatar: {
    limits: { image: AVATAR_MAX_BYTES, video: null },
    imageMaxPx: AVATAR_MAX_PX,
    thumbMaxPx: null,
  },
  badge: {
    limits: { image: MAX_IMAGE_BYTES, video: null },
    imageMaxPx: BADGE_IMAGE_SIZE,
    thumbMaxPx: null,
  },
};

/** An upload's type, read from its first bytes. */
export interface SniffedFormat {
  mime: string;
  ext: string;
  mediaType: MediaType;
}
