import type { APIRequestContext, BrowserContext, Locator } from '@playwright/test';
import { expect, test, type Browser, type Page } from './support/test';
import { axeViolations } from './support/axe';
import { signUpAndVerify, uniqueEmail } from './support/codes';
import { msg } from '@shared/messages';
import { E2E } from './support/ports';

/**
 * axe on every member and admin screen, at phone and desktop width, in the light and the dark theme
 * (the theme follows the system setting, emulated with `colorScheme`). One member and one admin are
 * signed in once and reused; each viewport and scheme gets one browser context. The screens hold
 * realistic data (a check-in, a comment, a workout plan, badges, a coupon, a report), and the dialogs
 * that are easy to open are checked open. A failure lists every violation: screen, rule and node.
 */

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

const COMBOS = [375, 1280].flatMap((width) =>
  (['light', 'dark'] as const).map((colorScheme) => ({
    viewport: { width, height: width < 600 ? 812 : 900 },
    colorScheme,
    label: `${width}px ${colorScheme}`,
  })),
);

const ADMIN_SECTIONS = [
  'Users',
  'Subscriptions',
  'Notifications',
  'Posts',
  'Reports',
  'Badges',
  'Coupons',
  'Audit',
];

const CHECKIN = {
  movedMinutes: 40,
  steps: 8200,
  proteinTargetHit: true,
  hydrationGoalHit: false,
  journalMd: '**Felt strong** today.\n\n- 3 km walk\n- mobility',
};

/** Every violation found, as readable lines: the screen, the rule, and each node it flagged. */
class Findings {
  lines: string[] = [];
  async check(page: Page, screen: string) {
    for (const v of await axeViolations(page))
      for (const target of v.targets)
        this.lines.push(`${screen}: ${v.id} (${v.help}) at ${target}`);
  }
}

async function withPage(
  browser: Browser,
  state: StorageState,
  combo: (typeof COMBOS)[number],
  run: (page: Page) => Promise<void>,
) {
  const context = await browser.newContext({
    storageState: state,
    viewport: combo.viewport,
    colorScheme: combo.colorScheme,
  });
  const page = await context.newPage();
  try {
    await run(page);
  } finally {
    await context.close();
  }
}

/**
 * Shows the screen at `path` and waits until it shows `ready` (its heading by default) and has
 * stopped loading. `via` moves there inside the app as a member would (a link, a menu, a tab), which
 * is also faster than loading the page again; without it the page is loaded.
 */
async function show(
  page: Page,
  path: string,
  { via, ready }: { via?: () => Promise<void>; ready?: Locator } = {},
) {
  if (via) await via();
  else await page.goto(path);
  await expect(page).toHaveURL(path);
  await expect(ready ?? page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // No spinner, skeleton or 'Loading...' left: axe sees the screen as the member does.
  await expect(page.locator('.animate-spin, .animate-pulse')).toHaveCount(0);
  await expect(page.getByText(msg.loading)).toHaveCount(0);
}

/** The main navigation's link (the top bar on wide screens, the bottom tab bar on phones). */
const mainLink = (page: Page, name: string) => () =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();

/** An item of the account menu (the avatar button). */
const accountMenuItem = (page: Page, name: string) => async () => {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
};

async function ok(res: Awaited<ReturnType<APIRequestContext['post']>>) {
  expect(res.ok(), `${res.url()}: ${await res.text()}`).toBe(true);
  return res.json();
}

/** The newest post of the feed `api` sees (its own check-in's, right after checking in). */
async function newestPostId(api: APIRequestContext) {
  const feed = (await ok(await api.get('/api/feed'))) as { posts: { id: string }[] };
  return feed.posts[0]!.id;
}

// The member screens and the admin screens are two groups, each serial, that can run side by side.
test.describe('member screens', () => {
  // Each test loads every screen in four combinations (375/1280 px, light/dark) and runs axe on each.
  test.describe.configure({ mode: 'serial', timeout: 300_000 });
  let member: BrowserContext;
  let memberState: StorageState;

  test.beforeAll(async ({ browser }, info) => {
    member = await browser.newContext();
    await signUpAndVerify(member.request, uniqueEmail('axe', info), 'Avery Axe');
    memberState = await member.storageState();
  });
  test.afterAll(async () => member.close());

  test('before the first check-in: the Day-1 intake, the check-in form and the invite dialog', async ({
    browser,
  }) => {
    const findings = new Findings();
    for (const combo of COMBOS) {
      await withPage(browser, memberState, combo, async (page) => {
        await show(page, '/app/profile', {
          ready: page.getByRole('dialog', { name: 'Day-1 Health Intake' }),
        });
        await findings.check(page, `/app/profile, Day-1 intake open, ${combo.label}`);

        await show(page, '/app', { ready: page.getByRole('form', { name: "Today's Check-in" }) });
        await findings.check(page, `/app, check-in form, ${combo.label}`);
        await page.getByRole('button', { name: 'Invite Workout Buddies' }).first().click();
        await expect(page.getByRole('dialog', { name: 'Invite Workout Buddies' })).toBeVisible();
        await findings.check(page, `/app, invite dialog open, ${combo.label}`);
      });
    }
    expect(findings.lines).toEqual([]);
  });

  test.describe('after a first day', () => {
    // A health profile, a check-in (its post and its badge), a comment and a workout plan.
    test.beforeAll(async () => {
      const api = member.request;
      await ok(
        await api.post('/api/profile/intake', {
          data: { birthYear: 1990, heightCm: 178, weightKg: 80, goals: [], equipment: [] },
        }),
      );
      await ok(await api.post('/api/checkins', { data: CHECKIN }));
      const postId = await newestPostId(api);
      await ok(await api.post(`/api/posts/${postId}/comments`, { data: { body: 'Nice work!' } }));
      await ok(
        await api.post('/api/workouts/generate', {
          data: {
            fitnessLevel: 'beginner',
            age: 35,
            equipment: ['dumbbells'],
            goals: ['strength'],
          },
        }),
      );
    });

    for (const combo of COMBOS) {
      test(`every member screen, ${combo.label}`, async ({ browser }) => {
        const findings = new Findings();
        const at = (screen: string) => `${screen}, ${combo.label}`;
        await withPage(browser, memberState, combo, async (page) => {
          await show(page, '/app', { ready: page.getByText("Today's check-in complete") });
          await findings.check(page, at('/app, checked in'));
          await page.getByRole('button', { name: 'Account menu' }).click();
          await expect(page.getByRole('menu')).toBeVisible();
          await findings.check(page, at('/app, account menu open'));
          await page.keyboard.press('Escape');
          await show(page, '/app/feed', {
            via: mainLink(page, 'Feed'),
            ready: page.getByText('Nice work!').first(),
          });
          await findings.check(page, at('/app/feed'));
          await show(page, '/app/cycle', { via: mainLink(page, 'My Cycle') });
          await findings.check(page, at('/app/cycle'));
          const week = page.getByRole('button', { name: /^Week 1 — / });
          await show(page, '/app/ai-workouts', { via: mainLink(page, 'AI Workouts'), ready: week });
          if ((await week.getAttribute('aria-expanded')) !== 'true') await week.click();
          await expect(page.getByRole('region', { name: /^Week 1 — / })).toBeVisible();
          await findings.check(page, at('/app/ai-workouts, plan open'));
          await show(page, '/app/community', { via: mainLink(page, 'Community') });
          await findings.check(page, at('/app/community'));
          await show(page, '/app/profile', {
            via: accountMenuItem(page, 'Profile'),
            ready: page.getByRole('tabpanel'),
          });
          await findings.check(page, at('/app/profile (Profile tab)'));
          for (const tab of ['Health', 'Settings']) {
            await show(page, `/app/profile?tab=${tab.toLowerCase()}`, {
              via: () => page.getByRole('tab', { name: tab }).click(),
              ready: page.getByRole('tabpanel', { name: tab }),
            });
            await findings.check(page, at(`/app/profile (${tab} tab)`));
          }
          await page.getByRole('button', { name: 'Delete my account' }).click();
          await expect(page.getByRole('dialog', { name: 'Delete my account' })).toBeVisible();
          await findings.check(page, at('/app/profile (Settings tab), delete dialog open'));
          await page.keyboard.press('Escape');
          await show(page, '/app/settings', { via: accountMenuItem(page, 'Settings') });
          await findings.check(page, at('/app/settings'));
          // Reached only by address (the guard sends a member without a plan here).
          await show(page, '/app/start-trial');
          await findings.check(page, at('/app/start-trial'));
        });
        expect(findings.lines).toEqual([]);
      });
    }
  });
});

test.describe('admin screens', () => {
  // Each test loads every screen in four combinations (375/1280 px, light/dark) and runs axe on each.
  test.describe.configure({ mode: 'serial', timeout: 300_000 });
  let admin: BrowserContext;
  let adminState: StorageState;

  // A member's check-in, reported; a coupon; a badge awarded to the member.
  test.beforeAll(async ({ browser }, info) => {
    admin = await browser.newContext();
    await signUpAndVerify(admin.request, E2E.adminEmail, 'Coach');
    adminState = await admin.storageState();

    const member = await browser.newContext();
    await signUpAndVerify(member.request, uniqueEmail('axe-reported', info), 'Riley Reported');
    await ok(await member.request.post('/api/checkins', { data: CHECKIN }));
    const postId = await newestPostId(member.request);
    const { user } = (await ok(await member.request.get('/api/account/session'))) as {
      user: { userId: string };
    };
    await member.close();

    await ok(
      await admin.request.post(`/api/posts/${postId}/reports`, {
        data: { reason: 'Off-topic link in the journal' },
      }),
    );
    await ok(
      await admin.request.post('/api/admin/coupons', {
        data: { code: `AXE${Date.now() % 1_000_000}`, monthsFree: 3, maxRedemptions: 10 },
      }),
    );
    const badge = (await ok(
      await admin.request.post('/api/admin/badges', {
        data: { name: 'Early Bird', code: `early_${Date.now()}`, description: 'Up and moving.' },
      }),
    )) as { id: number };
    await ok(
      await admin.request.post('/api/admin/badges/award', {
        data: { badgeId: badge.id, userId: user.userId, reason: 'First week' },
      }),
    );
  });
  test.afterAll(async () => admin.close());

  for (const combo of COMBOS) {
    test(`every admin screen, ${combo.label}`, async ({ browser }) => {
      const findings = new Findings();
      await withPage(browser, adminState, combo, async (page) => {
        const phone = combo.viewport.width < 768;
        for (const [i, section] of ADMIN_SECTIONS.entries()) {
          const path = `/app/admin/${section.toLowerCase()}`;
          // The sections' links: a side bar on wide screens, a menu button on phones.
          const via = async () => {
            if (phone) {
              await page.getByRole('navigation', { name: 'Admin' }).getByRole('button').click();
              await page.getByRole('menuitem', { name: section, exact: true }).click();
            } else {
              await page
                .getByRole('navigation', { name: 'Admin sections' })
                .getByRole('link', { name: section, exact: true })
                .click();
            }
          };
          await show(page, path, {
            via: i === 0 ? undefined : via,
            ready: page.getByRole('heading', { level: 2, name: section }),
          });
          await findings.check(page, `${path}, ${combo.label}`);
          if (section === 'Users') {
            await page.getByRole('button', { name: 'Add User' }).click();
            await expect(page.getByRole('dialog', { name: 'Add User' })).toBeVisible();
            await findings.check(page, `${path}, Add User dialog open, ${combo.label}`);
            await page.keyboard.press('Escape');
            await expect(page.getByRole('dialog')).toBeHidden();
          }
        }
      });
      expect(findings.lines).toEqual([]);
    });
  }
});
