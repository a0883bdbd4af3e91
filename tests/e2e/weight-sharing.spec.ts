import { expect, test } from './support/test';
import { signUpAndVerify, uniqueEmail } from './support/codes';

// Issue 25 item 12 (decision 0036): "Share my weight progress with the community" shows the
// member's weight change since Day 1 on their posts, in each viewer's units, only while it is on.

const checkin = {
  movedMinutes: 40,
  steps: 9000,
  proteinTargetHit: true,
  hydrationGoalHit: true,
  journalMd: 'Weigh-in day',
};

test('a member shares their weight change since Day 1 on their posts, and takes it back', async ({
  browser,
}, info) => {
  const sharerContext = await browser.newContext();
  const viewerContext = await browser.newContext();
  const sharer = await sharerContext.newPage();
  const viewer = await viewerContext.newPage();
  const name = `Weigher ${info.workerIndex}${Date.now() % 10_000}`;
  await signUpAndVerify(sharer.request, uniqueEmail('weigher', info), name);
  await signUpAndVerify(viewer.request, uniqueEmail('weight-viewer', info), 'Viewer');

  // Day 1: the intake with 80 kg, in metric.
  const metric = await sharer.request.put('/api/profile', {
    data: { displayName: name, homeTimezone: 'America/New_York', unitPref: 'metric' },
  });
  expect(metric.ok()).toBe(true);
  const intake = await sharer.request.post('/api/profile/intake', {
    data: { birthYear: 1990, weightKg: 80, goals: [], equipment: [], socialShareWeight: false },
  });
  expect(intake.ok()).toBe(true);

  // Later: 78.5 kg, and the switch on, in the Health tab.
  await sharer.goto('/app/profile?tab=health');
  await sharer.getByLabel('Weight (kg)').fill('78.5');
  const share = sharer.getByRole('switch', { name: 'Share my weight progress with the community' });
  await expect(share).toHaveAccessibleDescription(
    /your weight change since Day 1 shows on your posts/,
  );
  await share.click();
  await sharer.getByRole('button', { name: 'Save health profile' }).click();
  await expect(sharer.getByText('Health profile updated.')).toBeVisible();
  expect((await sharer.request.post('/api/checkins', { data: checkin })).status()).toBe(201);

  // Another member (imperial, the default) sees it on the post, server-rendered, in pounds.
  await viewer.goto('/app/feed');
  const post = viewer.getByRole('article').filter({ hasText: name }).first();
  await expect(post.getByText('Weight since Day 1')).toBeVisible();
  await expect(post.getByText('\u22123.3 lb')).toBeVisible();

  // The member sees it in kilograms, on their post and on My Cycle.
  await sharer.goto('/app/feed');
  const own = sharer.getByRole('article').filter({ hasText: name }).first();
  await expect(own.getByText('\u22121.5 kg')).toBeVisible();
  await sharer.goto('/app/cycle');
  const stat = sharer.getByRole('listitem').filter({ hasText: 'Weight since Day 1' });
  await expect(stat.getByText('\u22121.5 kg')).toBeVisible();
  await expect(stat.getByText('Shared with the community on your posts')).toBeVisible();

  // Switched off: gone for everyone else; the member still sees their own.
  await sharer.goto('/app/profile?tab=health');
  await share.click();
  await expect(share).not.toBeChecked();
  await sharer.getByRole('button', { name: 'Save health profile' }).click();
  await expect(sharer.getByText('Health profile updated.')).toBeVisible();
  await viewer.reload();
  const again = viewer.getByRole('article').filter({ hasText: name }).first();
  await expect(again.getByText('Weigh-in day')).toBeVisible();
  await expect(again.getByText('Weight since Day 1')).toHaveCount(0);
  await sharer.goto('/app/cycle');
  await expect(sharer.getByText('Only you see this')).toBeVisible();

  await sharerContext.close();
  await viewerContext.close();
});
