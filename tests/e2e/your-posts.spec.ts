import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { axeViolations } from './support/axe';
import { signUpAndVerify, uniqueEmail } from './support/codes';

// Issue 41, item 1 (decision 0093): a member checks in "Only me", finds the post again on their
// profile's Your posts, marked Only me, and shares it with the community from its menu; another
// member then sees it on the feed. A crew post the member's leaving made theirs alone is there too,
// marked with the crew it came from.

async function member(browser: Browser, email: string, name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpAndVerify(page.request, email, name);
  expect((await page.request.post('/api/profile/intake/skip')).ok()).toBe(true);
  return page;
}

async function shot(page: Page, name: string, info: { outputPath(name: string): string }) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: info.outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

test('an only-me check-in is found on Your posts and shared with the community from there', async ({
  browser,
}, info) => {
  test.setTimeout(180_000);
  const suffix = `${info.workerIndex}${Date.now() % 100_000}`;
  const journal = `Quiet walk by the river ${suffix}`;
  const [ana, ben] = await Promise.all([
    member(browser, uniqueEmail('own-ana', info), 'Ana'),
    member(browser, uniqueEmail('own-ben', info), 'Ben'),
  ]);
  await ana.setViewportSize({ width: 375, height: 812 });

  // Ana checks in for herself alone.
  await ana.goto('/app');
  const form = ana.getByRole('form', { name: "Today's Check-in" });
  await form.getByLabel('Move minutes').fill('35');
  await form.getByLabel('Steps').fill('4200');
  await form.getByLabel('Journal', { exact: true }).fill(journal);
  await form.getByLabel('Who sees this').selectOption({ label: 'Only me' });
  await form.getByRole('button', { name: 'Complete Check-in' }).click();
  await expect(ana.getByText('Check-in completed!')).toBeVisible();

  // On no feed: not Ana's community feed, not Ben's.
  await ana.goto('/app/feed');
  await expect(ana.getByRole('heading', { level: 1, name: 'Community Feed' })).toBeVisible();
  await expect(ana.getByText(journal)).toHaveCount(0);
  await ben.goto('/app/feed');
  await expect(ben.getByRole('heading', { level: 1, name: 'Community Feed' })).toBeVisible();
  await expect(ben.getByText(journal)).toHaveCount(0);

  // Ana finds it on her profile, marked Only me, with the day's numbers.
  await ana.goto('/app/profile');
  const yours = ana.getByRole('region', { name: 'Your posts' });
  const card = yours.getByRole('article').filter({ hasText: journal });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('post-audience')).toHaveText('Only me');
  await expect(card).toContainText('35 min');
  await expect(card).toContainText('4,200');
  expect(await axeViolations(ana)).toEqual([]);
  await card.scrollIntoViewIfNeeded();
  await shot(ana, 'your-posts-only-me', info);

  // From its menu, Who sees this → Community.
  await card.getByRole('button', { name: 'More actions for your post' }).click();
  await ana.getByRole('menuitem', { name: 'Who sees this' }).click();
  const dialog = ana.getByRole('dialog', { name: 'Who sees this post' });
  await expect(dialog.getByRole('combobox')).toHaveValue('only_me');
  await dialog.getByRole('combobox').selectOption({ label: 'Community' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(ana.getByText('Saved. Only the people you chose see this post now.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('post-audience')).toHaveText('Community');

  // Ben sees it on the community feed now.
  await ben.reload();
  await expect(ben.getByRole('article').filter({ hasText: journal })).toBeVisible();
});

test('a crew post made the author’s alone by leaving is marked with that crew on Your posts', async ({
  browser,
}, info) => {
  test.setTimeout(180_000);
  const suffix = `${info.workerIndex}${Date.now() % 100_000}`;
  const crewName = `River Crew ${suffix}`;
  const journal = `Crew run ${suffix}`;
  const [owner, sam] = await Promise.all([
    member(browser, uniqueEmail('own-owner', info), 'Olu'),
    member(browser, uniqueEmail('own-sam', info), 'Sam'),
  ]);
  const created = await owner.request.post('/api/crews', { data: { name: crewName } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const link = await owner.request.post(`/api/crews/${id}/invite`);
  const { url } = (await link.json()) as { url: string };
  const token = url.split('/crews/join/')[1];
  expect((await sam.request.post(`/api/crew-invites/${token}/join`)).status()).toBe(200);
  const checkin = await sam.request.post('/api/checkins', {
    data: {
      movedMinutes: 20,
      steps: 3000,
      journalMd: journal,
      audience: { kind: 'crew', crewId: id },
    },
  });
  expect(checkin.status(), await checkin.text()).toBe(201);
  const left = await sam.request.delete(`/api/crews/${id}/members/${await userId(sam)}`);
  expect(left.status()).toBe(200);

  await sam.goto('/app/profile');
  const card = sam
    .getByRole('region', { name: 'Your posts' })
    .getByRole('article')
    .filter({ hasText: journal });
  await expect(card.getByTestId('post-audience')).toHaveText(`Only me · no longer in ${crewName}`);
  expect(await axeViolations(sam)).toEqual([]);
  await card.scrollIntoViewIfNeeded();
  await shot(sam, 'your-posts-left-crew', info);
});

async function userId(page: Page): Promise<string> {
  const session = (await (await page.request.get('/api/account/session')).json()) as {
    user: { userId: string };
  };
  return session.user.userId;
}
