import type { ProgressPose } from '@shared/constants';
import { msg } from '@shared/messages';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { poseLabel } from './photo-names';

/** A labelled choice of pose (front, side, back), from `poses`. */
export function PoseSelect({
  id,
  poses,
  value,
  onChange,
  label = msg.progressPoseField,
}: {
  id: string;
  poses: readonly ProgressPose[];
  value: ProgressPose;
  onChange: (pose: ProgressPose) => void;
  label?: string;
}) {
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as ProgressPose)}
      >
        {poses.map((p) => (
          <option key={p} value={p}>
            {poseLabel(p)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
