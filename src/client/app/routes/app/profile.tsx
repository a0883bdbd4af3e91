import { ScreenHeading } from '@client/components/layout/screen-heading';

// Placeholder until the real screen lands; kept in its own file so it can be replaced alone.
export function ProfileRoute() {
  return (
    <>
      <title>Profile · StackDays</title>
      <ScreenHeading>Profile</ScreenHeading>
    </>
  );
}
