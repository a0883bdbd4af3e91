import type { UseFormRegisterReturn } from 'react-hook-form';
import type { AdminMemberOption } from '@shared/api-types';
import { FieldMessage, describedBy } from '@client/components/ui/field-message';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { msg } from '@shared/messages';

/** Award Badge's member field: type the start of a name, then choose among the members found. */
export function MemberPicker({
  id,
  search,
  onSearchChange,
  members,
  error,
  registration,
}: {
  id: string;
  search: string;
  onSearchChange: (search: string) => void;
  members: AdminMemberOption[];
  error: string | undefined;
  registration: UseFormRegisterReturn<'userId'>;
}) {
  return (
    <>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-search`}>{msg.adminMemberPicker.findAMember}</Label>
        <Input
          id={`${id}-search`}
          type="search"
          value={search}
          onChange={(e) => onSearchChange(e.target.value)}
          placeholder={msg.adminMemberPicker.startOfTheirName}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-member`}>{msg.common.member}</Label>
        <NativeSelect
          id={`${id}-member`}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy(error && `${id}-member-error`)}
          {...registration}
        >
          <option value="">{msg.adminMemberPicker.chooseAMember}</option>
          {members.map((m) => (
            <option key={m.id} value={m.id}>
              {m.displayName}
            </option>
          ))}
        </NativeSelect>
        <FieldMessage id={`${id}-member-error`} tone="error">
          {error}
        </FieldMessage>
      </div>
    </>
  );
}
