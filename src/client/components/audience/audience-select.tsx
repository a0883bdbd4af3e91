import { audienceKey, type PostAudience, type PostAudienceView } from '@shared/domain/audience';
import { msg } from '@shared/messages';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { useMyCrews } from '@client/lib/api/get-my-crews';

/**
 * "Who sees this": Community (the default), one of the member's crews, or Only me (decision 0046).
 * The value is an audience key (audienceKey); the check-in form and the post menu both use it.
 */
export function AudienceSelect({
  id,
  value,
  onChange,
  disabled,
  current,
}: {
  id: string;
  value: string;
  onChange: (key: string) => void;
  disabled?: boolean;
  /** The post's audience now: its crew stays listed even if the member's crews are still loading. */
  current?: PostAudience | PostAudienceView | null;
}) {
  const crews = useMyCrews();
  const options = crews.data?.crews.map((c) => ({ key: `crew:${c.id}`, name: c.name })) ?? [];
  if (current?.kind === 'crew' && !options.some((o) => o.key === audienceKey(current)))
    options.push({
      key: audienceKey(current),
      name: 'crewName' in current ? current.crewName : 'Your crew',
    });
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{msg.audienceSelect.whoSeesThis}</Label>
      <NativeSelect
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="community">{msg.audienceCommunity}</option>
        {options.map((o) => (
          <option key={o.key} value={o.key}>
            {msg.audienceSelect.crewOption(o.name)}
          </option>
        ))}
        <option value="only_me">{msg.audienceOnlyMe}</option>
      </NativeSelect>
    </div>
  );
}
