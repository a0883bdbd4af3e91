import { CircleAlert } from 'lucide-react';
import { msg } from '@shared/messages';
import { useSettings } from '../api/get-settings';
import { ConsentSettings } from './consent-settings';
import { NotificationSettings } from './notification-settings';

/** Notifications, then privacy and consents, from GET /api/settings. */
export function SettingsPanel() {
  const settings = useSettings();
  if (settings.isPending) return <p className="text-sm text-muted-foreground">{msg.loading}</p>;
  if (settings.isError) {
    return (
      <p role="alert" className="flex items-center gap-2 text-danger">
        <CircleAlert aria-hidden className="size-4" />
        {msg.errorLoadingSettings}
      </p>
    );
  }
  const { settings: current, consents } = settings.data;
  return (
    <>
      <NotificationSettings
        key={`${current.timezone}-${current.reminderHour}-${current.emailNudges}-${current.pushNudges}-${current.weeklyReviewEmail}`}
        settings={current}
      />
      <ConsentSettings consents={consents} />
    </>
  );
}
