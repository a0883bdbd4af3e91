import { useId, useState } from 'react';
import { PROGRESS_POSES, type ProgressPose } from '@shared/constants';
import { msg } from '@shared/messages';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { Switch } from '@client/components/ui/switch';

/**
 * The check-in form's progress-photo choice: shown for a new check-in with a photo chosen; `pose` is
 * what the upload sends (null when off or not shown).
 */
export function useProgressPhotoChoice(
  items: readonly { mediaType: string | null }[],
  editing: boolean,
) {
  const [value, onChange] = useState<ProgressPose | null>(null);
  const shown = !editing && items.some((item) => item.mediaType === 'image');
  return { shown, value, onChange, pose: shown ? value : null };
}

/**
 * "Progress photo" (issue 46): the first photo chosen becomes a progress photo of a pose, which only
 * the member sees whoever sees the post. Off (null) unless the member turns it on.
 */
export function ProgressPhotoSwitch({
  value,
  onChange,
  disabled,
}: {
  value: ProgressPose | null;
  onChange: (pose: ProgressPose | null) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-border p-3">
      <div className="flex min-h-11 items-center justify-between gap-3">
        <div className="flex flex-col">
          <Label htmlFor={`${id}-switch`}>{msg.progressPhoto}</Label>
          <span id={`${id}-hint`} className="text-xs text-muted-foreground">
            {msg.progressPhotoPrivate}
          </span>
        </div>
        <Switch
          id={`${id}-switch`}
          checked={value !== null}
          disabled={disabled}
          aria-describedby={`${id}-hint`}
          onCheckedChange={(on) => onChange(on ? 'front' : null)}
        />
      </div>
      {value !== null && (
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-pose`}>{msg.progressPoseField}</Label>
          <NativeSelect
            id={`${id}-pose`}
            value={value}
            disabled={disabled}
            onChange={(event) => onChange(event.target.value as ProgressPose)}
          >
            {PROGRESS_POSES.map((pose) => (
              <option key={pose} value={pose}>
                {msg.progressPoseLabel[pose]}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
    </div>
  );
}
