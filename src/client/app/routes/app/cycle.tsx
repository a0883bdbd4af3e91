import { MyCycleScreen } from '@client/features/cycle/components/my-cycle';

export function CycleRoute() {
  return (
    <>
      <title>My Cycle · StackDays</title>
      <MyCycleScreen />
    </>
  );
}
