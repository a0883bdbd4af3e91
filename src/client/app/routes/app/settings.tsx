import { ScreenHeading } from '@client/components/layout/screen-heading';

// Placeholder until the real screen lands; kept in its own file so it can be replaced alone.
export function SettingsRoute() {
  return (
    <>
      <title>Settings · StackDays</title>
      <ScreenHeading>Settings</ScreenHeading>
    </>
  );
}
