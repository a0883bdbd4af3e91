import { expect, test, type Browser, type Page } from './support/test';
import { axeViolations } from './support/axe';
import { mailsFor, nextCode, signUpAndVerify, uniqueEmail } from './support/codes';

const PASSWORD = 'stack-days-2026';

/** The token from the newest invite mail to `email` (quoted-printable soft line breaks undone). */
async function inviteToken(email: string, seen: number): Promise<string> {
  let token: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = await mailsFor(email);
        const raw = mails
          .slice(seen)
          .at(-1)
          ?.raw.replace(/=\r?\n/g, '');
        token = raw?.match(/\/invite\/([A-Za-z0-9_-]+)/)?.[1];
        return token;
      },
      { timeout: 15_000, message: `an invite mailed to ${email}` },
    )
    .toBeTruthy();
  return token!;
}

async function newMemberPage(browser: Browser) {
  const context = await browser.newContext();
  return context.newPage();
}

async function checkIn(
  page: Page,
  input: { movedMinutes: number; steps: number; journalMd: string },
) {
  const res = await page.request.post('/api/checkins', { data: input });
  expect(res.status(), await res.text()).toBe(201);
}

test('buddies: A sees B under My Buddies, likes, reacts and comments; B sees all three', async ({
  browser,
}, info) => {
  const suffix = `${info.workerIndex}${info.retry}${Date.now() % 100_000}`;
  const ava = { email: uniqueEmail('ava', info), name: `Ava ${suffix}` };
  const ben = { email: uniqueEmail('ben', info), name: `Ben ${suffix}` };
  const pageA = await newMemberPage(browser);
  const pageB = await newMemberPage(browser);

  // A signs up and invites B.
  await signUpAndVerify(pageA.request, ava.email, ava.name);
  const invitesSeen = (await mailsFor(ben.email)).length;
  const invite = await pageA.request.post('/api/invites', {
    data: { email: ben.email, firstName: 'Ben' },
  });
  expect(invite.status()).toBe(201);
  const token = await inviteToken(ben.email, invitesSeen);

  // B signs up through the invite.
  const codesSeen = (await mailsFor(ben.email)).length;
  const signUp = await pageB.request.post('/api/account/sign-up', {
    data: { displayName: ben.name, email: ben.email, password: PASSWORD, acceptTerms: true },
  });
  expect(signUp.status()).toBe(201);
  const code = await nextCode(ben.email, codesSeen);
  const verify = await pageB.request.post('/api/account/verify-email', {
    data: { email: ben.email, code, invite: token },
  });
  expect(verify.ok(), await verify.text()).toBe(true);

  // Both check in.
  await checkIn(pageA, { movedMinutes: 40, steps: 7000, journalMd: 'Ava, day one.' });
  await checkIn(pageB, {
    movedMinutes: 25,
    steps: 5400,
    journalMd: 'First day: **short walk** and lots of water.',
  });

  // A finds B's post under My Buddies.
  await pageA.goto('/app/feed');
  await expect(pageA.getByRole('heading', { level: 1, name: 'Community Feed' })).toBeVisible();
  const buddies = pageA.getByRole('region', { name: 'My Buddies' });
  await expect(buddies.getByText('1 recent post')).toBeVisible();
  const postForA = buddies.getByRole('article', { name: ben.name });
  await expect(postForA.getByText('Day 1 of 90')).toBeVisible();
  await expect(postForA.locator('strong', { hasText: 'short walk' })).toBeVisible();
  await expect(postForA.getByText('5,400', { exact: true })).toBeVisible();

  // Like: shown at once, and still there after the server answered.
  const likeA = postForA.getByRole('button', { name: /^Like,/ });
  await expect(likeA).toHaveAttribute('aria-pressed', 'false');
  await likeA.click();
  await expect(likeA).toHaveAttribute('aria-pressed', 'true');
  await expect(likeA).toHaveAccessibleName('Like, 1 like');

  // Reaction 'strong'.
  const strongA = postForA.getByRole('button', { name: /^Strong,/ });
  await strongA.click();
  await expect(strongA).toHaveAttribute('aria-pressed', 'true');
  await expect(strongA).toHaveAccessibleName('Strong, 1');
  await expect(pageA.getByText('Reaction added!')).toBeVisible();

  // Comment through the thread dialog: an empty comment is refused in words first.
  await postForA.getByRole('button', { name: /^Comments,/ }).click();
  const thread = pageA.getByRole('dialog', { name: 'Comments' });
  await thread.getByRole('button', { name: 'Post comment' }).click();
  await expect(thread.getByLabel('Add a comment')).toHaveAccessibleDescription(
    /Please write a comment first\./,
  );
  await thread.getByLabel('Add a comment').fill('Strong start, Ben. Same time tomorrow?');
  await thread.getByRole('button', { name: 'Post comment' }).click();
  await expect(thread.getByText('Strong start, Ben. Same time tomorrow?')).toBeVisible();
  await thread.getByRole('button', { name: 'Close' }).click();
  await expect(thread).toBeHidden();
  await expect(postForA.getByRole('button', { name: 'Comments, 1' })).toBeVisible();
  await expect(postForA.getByText('Strong start, Ben. Same time tomorrow?')).toBeVisible();

  // The success toast's own colours are the toaster's business; check the feed once it has gone.
  await expect(pageA.getByText('Reaction added!')).toBeHidden();
  expect(await axeViolations(pageA)).toEqual([]);

  // B sees the like, the reaction and A's comment on their own post.
  await pageB.goto('/app/feed');
  const postForB = pageB
    .getByRole('region', { name: 'Community' })
    .getByRole('article', { name: ben.name });
  await expect(postForB.getByRole('button', { name: /^Like,/ })).toHaveAccessibleName(
    'Like, 1 like',
  );
  await expect(postForB.getByRole('button', { name: /^Like,/ })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(postForB.getByRole('button', { name: /^Strong,/ })).toHaveAccessibleName(
    'Strong, 1',
  );
  await expect(postForB.getByRole('button', { name: /^Strong,/ })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(postForB.getByText('Strong start, Ben. Same time tomorrow?')).toBeVisible();
  await expect(postForB.getByText(ava.name)).toBeVisible();
  // B invited nobody: My Buddies stays, says so, and offers the invite dialog.
  const buddiesB = pageB.getByRole('region', { name: 'My Buddies' });
  await expect(buddiesB.getByText('0 recent posts')).toBeVisible();
  await expect(buddiesB.getByText(/Invite a workout buddy/)).toBeVisible();
  await buddiesB.getByRole('button', { name: 'Invite Workout Buddies' }).click();
  const inviteDialog = pageB.getByRole('dialog', { name: 'Invite Workout Buddies' });
  await expect(inviteDialog.getByLabel('First name')).toBeVisible();
  await inviteDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(inviteDialog).toBeHidden();
  expect(await axeViolations(pageB)).toEqual([]);

  await pageA.context().close();
  await pageB.context().close();
});

test('My Cycle and Community show the member after one check-in', async ({ page }, info) => {
  const name = `Cyd ${info.workerIndex}${info.retry}${Date.now() % 100_000}`;
  await signUpAndVerify(page.request, uniqueEmail('cyd', info), name);
  await checkIn(page, { movedMinutes: 30, steps: 6000, journalMd: '' });

  await page.goto('/app/cycle');
  await expect(page.getByRole('progressbar', { name: '90-day progress' })).toHaveAttribute(
    'aria-valuenow',
    '1',
  );
  await expect(page.getByText('Day 1, ', { exact: false }).first()).toBeVisible();
  await expect(page.getByText(/Day 1, .*: Checked in/)).toHaveCount(1);
  await expect(page.getByText('Achieved')).toHaveCount(0);
  await expect(page.getByRole('img', { name: /Minutes per day/ })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Start New Cycle asks first, then starts again at Day 1 with the check-in kept out of the new cycle:
  // today is checked in, so Day 1 is tomorrow (decision 0032).
  await page.getByRole('button', { name: 'Start New Cycle' }).click();
  const confirm = page.getByRole('dialog', { name: 'Start New Cycle' });
  await expect(confirm).toContainText('Your previous check-ins are kept.');
  await confirm.getByRole('button', { name: 'Start New Cycle' }).click();
  await expect(
    page.getByText('Cycle reset successfully! Starting fresh from Day 1.'),
  ).toBeVisible();
  await expect(page.getByText(/Your new cycle starts tomorrow/).first()).toBeVisible();
  await expect(page.getByText(/Day 1, .*: Upcoming/)).toHaveCount(1);

  await page.goto('/app/community');
  await expect(page.getByRole('heading', { name: 'Consistency Leaderboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Longest Streaks' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
