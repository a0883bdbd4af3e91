import { toast } from 'sonner';
import { CircleAlert } from 'lucide-react';
import { msg } from '@shared/messages';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@client/components/ui/card';
import { useHealth } from '../api/get-health';
import { useProfile } from '../api/get-profile';
import { useSaveHealth } from '../api/save-health';
import { HealthForm } from './health-form';

/** The Health tab: the health profile in the member's units. */
export function HealthTab() {
  const health = useHealth();
  const profile = useProfile();
  const save = useSaveHealth(Boolean(health.data?.health));

  if (health.isPending || profile.isPending) {
    return <p className="text-sm text-muted-foreground">{msg.loading}</p>;
  }
  if (health.isError || profile.isError) {
    return (
      <p role="alert" className="flex items-center gap-2 text-danger">
        <CircleAlert aria-hidden className="size-4" />
        {msg.errorLoadingHealthData}
      </p>
    );
  }
  const current = health.data.health;
  const unit = profile.data.unitPref;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{msg.common.healthProfile}</CardTitle>
        <CardDescription>
          {msg.healthTabScreen.unitsNote(
            unit === 'imperial'
              ? msg.healthTabScreen.feetInchesAndPounds
              : msg.healthTabScreen.centimetresAndKilograms,
          )}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <HealthForm
          // A new unit or a saved profile starts the form again from what is stored.
          key={`${unit}-${current?.updatedAt ?? 'new'}`}
          health={current}
          unit={unit}
          submitLabel={msg.healthTabScreen.saveHealthProfile}
          onSave={async (input) => {
            // A failure is the mutation's meta, and thrown on for the form's fields.
            const { created } = await save.mutateAsync(input);
            toast.success(created ? msg.healthProfileCreated : msg.healthProfileUpdated);
          }}
        />
      </CardContent>
    </Card>
  );
}
