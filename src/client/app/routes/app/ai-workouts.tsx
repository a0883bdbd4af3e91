import { useState } from 'react';
import { ScreenHeading } from '@client/components/layout/screen-heading';
import { useWorkoutPrefs } from '@client/features/workouts/api/get-prefs';
import { useWorkoutWeeks } from '@client/features/workouts/api/get-weeks';
import { PreferencesForm } from '@client/features/workouts/components/preferences-form';
import { WeeklyPlans } from '@client/features/workouts/components/weekly-plans';
import { msg } from '@shared/messages';

/** /app/ai-workouts: preferences, the generate button and the member's weekly plans. */
export function AiWorkoutsRoute() {
  const prefs = useWorkoutPrefs();
  const weeks = useWorkoutWeeks();
  // The week just generated opens by itself; any row opens and closes on a tap.
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <>
      <title>{msg.aiWorkoutsPage.title}</title>
      <ScreenHeading>{msg.aiWorkoutsPage.aiWorkouts}</ScreenHeading>
      <div className="flex flex-col gap-6">
        {prefs.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            {msg.aiWorkoutsPage.loadingYourPreferences}
          </p>
        ) : (
          // Keyed by the saved row, so the form starts from what the server has.
          <PreferencesForm
            key={prefs.data?.prefs?.updatedAt ?? 'new'}
            prefs={prefs.data?.prefs ?? null}
            onGenerated={setOpenId}
          />
        )}
        <WeeklyPlans
          weeks={weeks.data?.weeks}
          isLoading={weeks.isPending}
          isError={weeks.isError}
          openId={openId}
          onOpenChange={setOpenId}
        />
      </div>
    </>
  );
}
