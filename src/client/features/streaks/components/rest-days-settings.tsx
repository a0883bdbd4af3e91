import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { WEEKDAY_KEYS, type WeekdayKey } from '@shared/constants';
import { restDaysSchema } from '@shared/domain/streak-schemas';
import { formatWeekdayDate, formatList } from '@shared/format';
import { msg } from '@shared/messages';
import { Button } from '@client/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@client/components/ui/card';
import { FieldMessage } from '@client/components/ui/field-message';
import { ToggleChips } from '@client/components/ui/toggle-chips';
import { shownByMeta } from '@client/lib/query-client';
import { useRestDays } from '../api/get-rest-days';
import { useSetRestDays } from '../api/set-rest-days';

const names = (days: readonly WeekdayKey[]) =>
  days.length === 0 ? msg.restDaysNone : formatList(days.map((d) => msg.weekdayNames[d]));

/** Settings → Rest days (issue 43): 0 to 2 weekdays off, from next Monday on. */
export function RestDaysSettings() {
  const restDays = useRestDays();
  const save = useSetRestDays();
  const planned = restDays.data?.next?.days ?? restDays.data?.current;
  const [chosen, setChosen] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (planned) setChosen([...planned]);
  }, [planned]);

  const onSave = () => {
    const input = restDaysSchema.safeParse({
      days: WEEKDAY_KEYS.filter((d) => chosen.includes(d)),
    });
    if (!input.success) {
      setProblem(input.error.issues[0]?.message ?? msg.validation);
      return;
    }
    setProblem(null);
    save
      .mutateAsync(input.data)
      .then((saved) => toast.success(msg.restDaysSaved(formatWeekdayDate(saved.next?.from ?? ''))))
      .catch(shownByMeta);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{msg.restDaysHeading}</CardTitle>
        <CardDescription>{msg.restDaysLead}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {restDays.data && (
          <div className="flex flex-col gap-1 text-sm" data-testid="rest-days-plan">
            <p>{msg.restDaysNow(names(restDays.data.current))}</p>
            {restDays.data.next && (
              <p>
                {msg.restDaysFrom(
                  formatWeekdayDate(restDays.data.next.from),
                  names(restDays.data.next.days),
                )}
              </p>
            )}
          </div>
        )}
        <ToggleChips
          legend={msg.restDaysHeading}
          options={WEEKDAY_KEYS.map((d) => ({ value: d, label: msg.weekdayNames[d] }))}
          selected={chosen}
          onChange={(next) => {
            setChosen(next);
            setProblem(null);
          }}
          disabled={save.isPending || !restDays.data}
          error={problem ?? undefined}
        />
        <FieldMessage id="rest-days-strict">{msg.restDaysStrictNote}</FieldMessage>
        <div>
          <Button onClick={onSave} disabled={save.isPending || !restDays.data}>
            {save.isPending ? msg.loading : msg.restDaysSave}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
