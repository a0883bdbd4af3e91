import { useId, useRef } from 'react';
import { toast } from 'sonner';
import { Camera, Loader2, Trash2 } from 'lucide-react';
import type { ProfileView } from '@shared/api-types';
import { AVATAR_MAX_BYTES } from '@shared/constants';
import { msg } from '@shared/messages';
import { errorMessage } from '@client/lib/api-client';
import { Button } from '@client/components/ui/button';
import { MemberAvatar } from '@client/components/ui/member-avatar';
import { useRemoveAvatar } from '../api/remove-avatar';
import { useUploadAvatar } from '../api/upload-avatar';

/** The file's problem as the spec words it, or null. The server checks the bytes again. */
export function avatarFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return msg.selectImageFile;
  if (file.size > AVATAR_MAX_BYTES) return msg.avatarTooLarge;
  return null;
}

/** The member's picture, with 'Change photo' (images only, 5 MB at most) and 'Remove'. */
export function AvatarUpload({ profile }: { profile: ProfileView }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const busy = upload.isPending || remove.isPending;

  const onFile = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem) {
      toast.error(problem);
      return;
    }
    try {
      await upload.mutateAsync(file); // the success toast is the hook's meta
    } catch (error) {
      toast.error(msg.uploadAvatarFailed(errorMessage(error, msg.unexpectedError)));
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-4">
      <div className="relative">
        <MemberAvatar
          name={profile.displayName}
          src={profile.avatarUrl}
          className="size-24 text-3xl"
        />
        {upload.isPending && (
          <span className="absolute inset-0 flex items-center justify-center rounded-full bg-slate-950/50">
            <Loader2 aria-hidden className="size-6 animate-spin text-white" />
          </span>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            id={inputId}
            type="file"
            accept="image/*"
            className="sr-only"
            aria-label={msg.avatarUpload.chooseAProfilePhoto}
            disabled={busy}
            onChange={(event) => void onFile(event.target.files?.[0])}
          />
          <Button
            type="button"
            variant="secondary"
            disabled={busy}
            onClick={() => input.current?.click()}
          >
            <Camera aria-hidden className="size-4" />
            {profile.avatarUrl ? msg.avatarUpload.changePhoto : msg.avatarUpload.addAPhoto}
          </Button>
          {profile.avatarUrl && (
            <Button type="button" variant="ghost" disabled={busy} onClick={() => remove.mutate()}>
              <Trash2 aria-hidden className="size-4" />
              {msg.crewRemoveConfirm}
            </Button>
          )}
        </div>
        <p className="text-sm text-muted-foreground">{msg.avatarUpload.jpegPngWebpOrHeic}</p>
      </div>
    </div>
  );
}
