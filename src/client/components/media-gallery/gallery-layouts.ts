/**
 * How a gallery lays its media out, by where it sits. Every tile has its shape before its file
 * arrives (an aspect ratio on the tile), so nothing moves as photos load.
 */
export type GalleryLayout = 'post' | 'grid' | 'dense' | 'compact';

export interface GalleryLayoutStyle {
  /** The list's grid, given how many photos it holds. */
  list: (photos: number) => string;
  /** A photo tile's shape, given how many photos the list holds. */
  photoAspect: (photos: number) => 'aspect-[4/3]' | 'aspect-square';
  /** The rounding and border of a tile. */
  tile: string;
  /**
   * wide: full width below the photos, 16:9, with controls; tile: a square among the photos, with
   * controls; still: a square still marked "Video" (too small for controls).
   */
  video: 'wide' | 'tile' | 'still';
  /** The "opens larger" mark on a photo under the pointer or keyboard focus. */
  hint: boolean;
}

const squareTile = 'rounded-xl border border-border';
const square = () => 'aspect-square' as const;

export const GALLERY_LAYOUTS: Record<GalleryLayout, GalleryLayoutStyle> = {
  /** A feed post: one photo large (4:3), two side by side, more in threes. */
  post: {
    list: (photos) =>
      `grid gap-1.5 overflow-hidden rounded-xl ${
        photos <= 1 ? 'grid-cols-1' : photos === 2 ? 'grid-cols-2' : 'grid-cols-3'
      }`,
    photoAspect: (photos) => (photos === 1 ? 'aspect-[4/3]' : 'aspect-square'),
    tile: 'rounded-lg',
    video: 'wide',
    hint: true,
  },
  /** A day's proof on the check-in: two or three across. */
  grid: {
    list: () => 'grid grid-cols-2 gap-2 sm:grid-cols-3',
    photoAspect: square,
    tile: squareTile,
    video: 'tile',
    hint: true,
  },
  /** A week's photos (the whole cycle's in the final review): three to six across. */
  dense: {
    list: () => 'grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6',
    photoAspect: square,
    tile: squareTile,
    video: 'tile',
    hint: true,
  },
  /** Media already attached, inside a form: four or five across. */
  compact: {
    list: () => 'grid grid-cols-4 gap-2 sm:grid-cols-5',
    photoAspect: square,
    tile: squareTile,
    video: 'still',
    hint: false,
  },
};
