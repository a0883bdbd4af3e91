import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@shared/messages';
import { addDays, localDateIn } from '@shared/domain/local-date';
import {
  auditEvents,
  badges,
  coupons,
  cycles,
  notificationLogs,
  posts,
  profiles,
  reports,
  subscriptions,
  user,
  userBadges,
  userSettings,
} from '../../db/schema';
import { checkInToday } from '../../testing/checkins';
import { setUpTestApp, type TestClient } from '../../testing/test-app';
import { ADMIN_PAGE_SIZE } from './paging';
import { USERS_PAGE_SIZE } from './user-list';

const t = setUpTestApp();
let admin: { client: TestClient; userId: string; email: string };

const lastAudit = async (action: string, targetId: string) => {
  const rows = await t.deps.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.targetId, targetId)));
  return rows.at(-1);
};

const auditCount = async () => (await t.deps.db.select().from(auditEvents)).length;

async function makeAdmin(userId: string) {
  await t.setAdminFlag(userId);
}

async function postBy(client: TestClient, userId: string): Promise<string> {
  await checkInToday(client, { movedMinutes: 30, steps: 5000, journalMd: 'A good day' });
  const [row] = await t.deps.db
    .select({ id: posts.id })
    .from(posts)
    .where(eq(posts.userId, userId));
  return row.id;
}

beforeAll(async () => {
  admin = await t.member({ displayName: 'Head Coach' });
  await makeAdmin(admin.userId);
});

describe('users', () => {
  it('lists newest first in pages, and searches by e-mail or name prefix in any case', async () => {
    for (let i = 0; i < USERS_PAGE_SIZE + 2; i += 1) {
      await t.deps.db.insert(user).values({
        id: `bulk-${i}`,
        name: `Bulk ${i}`,
        email: `bulk${i}@example.com`,
        createdAt: new Date(Date.UTC(2020, 0, 1, 0, i)),
      });
    }
    const first = await (await admin.client.request('/api/admin/users')).json();
    expect(first.users).toHaveLength(USERS_PAGE_SIZE);
    expect(first.users[0].id).toBe(admin.userId);
    const second = await (
      await admin.client.request(`/api/admin/users?cursor=${first.nextCursor}`)
    ).json();
    const ids = [...first.users, ...second.users].map((u: { id: string }) => u.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('bulk-0');

    const byEmail = await (await admin.client.request('/api/admin/users?q=BULK1')).json();
    expect(byEmail.users.map((u: { email: string }) => u.email).sort()).toEqual(
      [
        'bulk10@example.com',
        'bulk11@example.com',
        'bulk12@example.com',
        'bulk13@example.com',
        'bulk14@example.com',
        'bulk15@example.com',
        'bulk16@example.com',
        'bulk17@example.com',
        'bulk18@example.com',
        'bulk19@example.com',
        'bulk1@example.com',
      ].sort(),
    );
    // A search pages like the list: newest first, every match once.
    const searched = await (await admin.client.request('/api/admin/users?q=bulk')).json();
    expect(searched.users).toHaveLength(USERS_PAGE_SIZE);
    expect(searched.users[0]).toMatchObject({
      id: `bulk-${USERS_PAGE_SIZE + 1}`,
      displayName: `Bulk ${USERS_PAGE_SIZE + 1}`,
    });
    const searchedMore = await (
      await admin.client.request(`/api/admin/users?q=bulk&cursor=${searched.nextCursor}`)
    ).json();
    expect(searchedMore.nextCursor).toBeNull();
    expect([...searched.users, ...searchedMore.users].map((u: { id: string }) => u.id)).toEqual(
      Array.from({ length: USERS_PAGE_SIZE + 2 }, (_, i) => `bulk-${USERS_PAGE_SIZE + 1 - i}`),
    );
    const byName = await (await admin.client.request('/api/admin/users?q=head%20co')).json();
    expect(byName.users).toEqual([
      expect.objectContaining({ id: admin.userId, displayName: 'Head Coach', isAdmin: true }),
    ]);
    // A % is searched for literally, not as a wildcard.
    const literal = await (await admin.client.request('/api/admin/users?q=%25')).json();
    expect(literal.users).toEqual([]);
  });

  it('pages a search of 1, 2, 3 letters or more through every match, newest first, ties by id', async () => {
    // Three members share each creation instant, so a page can end inside a tie.
    for (let i = 0; i < 2 * USERS_PAGE_SIZE + 5; i += 1) {
      await t.deps.db.insert(user).values({
        id: `start-${String(i).padStart(2, '0')}`,
        name: i % 2 ? `Quill ${i}` : `Qu Ren ${i}`,
        email: `${i % 3 ? 'qx' : 'ren'}${i}@example.com`,
        createdAt: new Date(Date.UTC(2021, 0, 1, 0, Math.floor(i / 3))),
      });
    }
    const everyone = await t.deps.db
      .select({ id: user.id, email: user.email, name: profiles.displayName, at: user.createdAt })
      .from(user)
      .innerJoin(profiles, eq(profiles.id, user.id));
    for (const q of ['q', 'QU', 'qui', 'Quil', 'qu r', 'r', 'RE', 'ren1', 'z']) {
      const start = q.toLowerCase();
      const expected = everyone
        .filter(
          (m) => m.email.toLowerCase().startsWith(start) || m.name.toLowerCase().startsWith(start),
        )
        .sort((a, b) => b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : -1))
        .map((m) => m.id);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query = `q=${encodeURIComponent(q)}${cursor ? `&cursor=${cursor}` : ''}`;
        const page = (await (await admin.client.request(`/api/admin/users?${query}`)).json()) as {
          users: { id: string }[];
          nextCursor: string | null;
        };
        expect(page.users.length, q).toBeLessThanOrEqual(USERS_PAGE_SIZE);
        seen.push(...page.users.map((u) => u.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen, q).toEqual(expected);
    }
  });

  it('searches names outside ASCII, literal _ and \\, and refuses a NUL character clearly', async () => {
    const emile = await t.member({ displayName: 'Émile Zola' });
    const odd = await t.member({ displayName: 'a_b\\c' });
    const search = async (q: string) =>
      (await (
        await admin.client.request(`/api/admin/users?q=${encodeURIComponent(q)}`)
      ).json()) as { users: { id: string }[] };
    for (const q of ['Émi', 'ÉMILE', 'Émile Z']) {
      expect((await search(q)).users.map((u) => u.id)).toEqual([emile.userId]);
    }
    expect((await search('Émile X')).users).toEqual([]);
    expect((await search('a_b\\')).users.map((u) => u.id)).toEqual([odd.userId]);
    expect((await search('a_b\\c')).users.map((u) => u.id)).toEqual([odd.userId]);
    expect((await search('axb')).users).toEqual([]);

    const nul = await admin.client.request('/api/admin/users?q=a%00b');
    expect(nul.status).toBe(422);
    expect(await nul.json()).toMatchObject({ message: msg.textHasNullCharacter });
    for (const path of [
      '/api/admin/audit?targetId=a%00b',
      '/api/admin/audit?targetType=a%00b',
      '/api/admin/users?cursor=a%00b',
    ]) {
      expect((await admin.client.request(path)).status, path).toBe(422);
    }
    const flag = await admin.client.request('/api/admin/users/a%00b/admin', {
      method: 'PUT',
      json: { isAdmin: true },
    });
    expect(flag.status).toBe(422);
    // A forged cursor is refused as one, whatever it holds.
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const uuid = '00000000-0000-4000-8000-000000000000';
    for (const path of [
      `/api/admin/users?cursor=${b64({ t: '2026-01-01T00:00:00Z', id: 'a\u0000' })}`,
      `/api/admin/users?q=bulk&cursor=${b64({ t: '2026-01-01T00:00:00Z', id: 'a\u0000' })}`,
      `/api/admin/users?cursor=${b64({ t: '0000-06-01T00:00:00Z', id: 'x' })}`,
      `/api/admin/audit?cursor=${b64({ t: '0000-06-01T00:00:00Z', id: uuid })}`,
      `/api/admin/audit?cursor=${b64({ t: '2026-01-01T00:00:00Z', id: 'not-a-uuid' })}`,
      '/api/admin/users?cursor=not-json',
    ]) {
      const res = await admin.client.request(path);
      expect(res.status, path).toBe(400);
      expect(await res.json()).toMatchObject({ message: msg.invalidCursor });
    }

    // The award dialog's member picker matches the same way, whatever the case typed.
    for (const q of ['émile', 'Émile', 'ÉMILE Z']) {
      const picked = await admin.client.request(`/api/admin/members?q=${encodeURIComponent(q)}`);
      expect((await picked.json()).members, q).toEqual([
        { id: emile.userId, displayName: 'Émile Zola' },
      ]);
    }
    expect((await admin.client.request('/api/admin/members?q=a%00')).status).toBe(422);
    const invite = await t.client().request('/api/invites/abcdefghij%00klm');
    expect(await invite.json()).toMatchObject({ ok: false, reason: 'not_found' });
  });

  it('grants and revokes admin with an audit row', async () => {
    const m = await t.member();
    const grant = await admin.client.request(`/api/admin/users/${m.userId}/admin`, {
      method: 'PUT',
      json: { isAdmin: true },
    });
    expect(grant.status).toBe(200);
    expect(await lastAudit('admin.grant', m.userId)).toMatchObject({
      actorId: admin.userId,
      actorKind: 'admin',
      before: { isAdmin: false },
      after: { isAdmin: true },
    });
    const revoke = await admin.client.request(`/api/admin/users/${m.userId}/admin`, {
      method: 'PUT',
      json: { isAdmin: false },
    });
    expect(revoke.status).toBe(200);
    expect(await lastAudit('admin.revoke', m.userId)).toMatchObject({ after: { isAdmin: false } });
  });

  it('refuses self-revoke, and removing the last admin, changing nothing', async () => {
    const before = await auditCount();
    const self = await admin.client.request(`/api/admin/users/${admin.userId}/admin`, {
      method: 'PUT',
      json: { isAdmin: false },
    });
    expect(self.status).toBe(403);
    expect((await self.json()).message).toBe(msg.cannotRevokeSelf);

    // A second admin tries to demote and to delete the first, while the second is the only other.
    const other = await t.member();
    await makeAdmin(other.userId);
    // Now two admins: demoting one is fine, the other cannot then be demoted by anyone.
    const [onlyAdmins] = [
      await t.deps.db.select().from(profiles).where(eq(profiles.isAdmin, true)),
    ];
    expect(onlyAdmins.length).toBeGreaterThanOrEqual(2);
    await t.setAdminFlag(admin.userId, false);
    // `other` is the last admin: the system (CLI) cannot remove them either.
    const { setUserAdmin, deleteUser } = await import('./users');
    await expect(
      setUserAdmin(t.system('cli'), { userId: other.userId, isAdmin: false }),
    ).rejects.toMatchObject({ code: 'conflict', message: msg.lastAdmin });
    await expect(deleteUser(t.system('cli'), { userId: other.userId })).rejects.toMatchObject({
      message: msg.lastAdmin,
    });
    await makeAdmin(admin.userId);
    expect(await auditCount()).toBe(before);
  });

  it('adds a user with an invitation the person can use, and audits it', async () => {
    const res = await admin.client.request('/api/admin/users', {
      method: 'POST',
      json: {
        email: 'New.Person@Example.com',
        firstName: 'New',
        lastName: 'Person',
        role: 'user',
        comp: 'none',
        sendInvite: true,
      },
    });
    expect(res.status).toBe(201);
    const { userId } = await res.json();
    const [profile] = await t.deps.db.select().from(profiles).where(eq(profiles.id, userId));
    expect(profile).toMatchObject({ displayName: 'New Person', firstName: 'New', isAdmin: false });
    expect(await lastAudit('admin.user_create', userId)).toMatchObject({ actorId: admin.userId });
    await t.deps.mailer.idle();
    const mail = t.mails.findLast((m) => m.to === 'new.person@example.com');
    const link = /(\/signup\?admin_invite=[^\s]+)/.exec(mail?.text ?? '')?.[1];
    expect(link).toBeDefined();
    const url = new URL(link!, 'http://localhost:3000');
    const person = t.client();
    const accepted = await person.request('/api/account/admin-invite', {
      method: 'POST',
      json: {
        email: url.searchParams.get('admin_invite'),
        token: url.searchParams.get('token'),
        password: 'correct horse 2',
        acceptTerms: true,
      },
    });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ ok: true, isAdmin: false });
    const session = await (await person.request('/api/account/session')).json();
    expect(session.user).toMatchObject({ email: 'new.person@example.com' });

    // Resend: a fresh link (for someone without a password), audited.
    const other = await admin.client.request('/api/admin/users', {
      method: 'POST',
      json: { email: 'later@example.com', sendInvite: false },
    });
    const later = (await other.json()).userId;
    expect(t.mails.some((m) => m.to === 'later@example.com')).toBe(false);
    const resend = await admin.client.request(`/api/admin/users/${later}/invite`, {
      method: 'POST',
    });
    expect(resend.status).toBe(200);
    await t.deps.mailer.idle();
    expect(t.mails.some((m) => m.to === 'later@example.com' && m.kind === 'admin_invite')).toBe(
      true,
    );
    expect(await lastAudit('admin.invite_resend', later)).toBeDefined();
  });

  it('refuses a duplicate e-mail in any case, creating nothing', async () => {
    const before = await auditCount();
    const dup = await admin.client.request('/api/admin/users', {
      method: 'POST',
      json: { email: 'LATER@example.com' },
    });
    expect(dup.status).toBe(409);
    expect((await dup.json()).message).toBe(msg.emailTaken);
    expect(await auditCount()).toBe(before);
  });

  it('adds a user with a 3-month comp: active for 90 days, audited by billing and here', async () => {
    const res = await admin.client.request('/api/admin/users', {
      method: 'POST',
      json: { email: 'comped@example.com', comp: '3', sendInvite: false },
    });
    expect(res.status).toBe(201);
    const { userId } = await res.json();
    const [sub] = await t.deps.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId));
    expect(sub.status).toBe('active');
    const days = (sub.currentPeriodEnd!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89);
    expect(days).toBeLessThan(91);
    expect(await lastAudit('subscription.comp', userId)).toMatchObject({ actorId: admin.userId });
    expect(await lastAudit('admin.user_create', userId)).toMatchObject({
      after: { comp: '3', role: 'user', sendInvite: false },
    });
  });

  it('answers the cycle lines of the members asked, in order, to admins only (decision 0132)', async () => {
    const m = await t.member({ displayName: 'Liner' });
    await checkInToday(m.client, { movedMinutes: 30, steps: 5000, journalMd: 'Day one' });
    await t.deps.db
      .insert(user)
      .values({ id: 'no-cycle', name: 'No Cycle', email: 'nc@example.com' });
    const lines = async (ids: string, client = admin.client) =>
      client.request(`/api/admin/users/lines?ids=${ids}`);

    const res = await lines(`${m.userId},no-cycle,forged-id,${m.userId}`);
    expect(res.status).toBe(200);
    expect((await res.json()).lines).toEqual([
      {
        id: m.userId,
        cycle: {
          day: 1,
          started: true,
          complete: false,
          paused: false,
          mode: 'forgiving',
          streak: 1,
          atRisk: false,
        },
      },
      { id: 'no-cycle', cycle: null },
      { id: 'forged-id', cycle: null },
      { id: m.userId, cycle: expect.objectContaining({ day: 1, streak: 1 }) },
    ]);

    // A zone that took over an hour ago (pending until then) and a paused today, read back from the
    // line's inputs: Kiritimati (UTC+14) is one or two dates ahead of Pago Pago (UTC-11), so a cycle
    // that began the day before Kiritimati's today has not begun in Pago Pago.
    const now = new Date();
    await t.deps.db
      .update(userSettings)
      .set({
        timezone: 'Pacific/Pago_Pago',
        pendingTimezone: 'Pacific/Kiritimati',
        pendingTimezoneFrom: new Date(now.getTime() - 3_600_000),
      })
      .where(eq(userSettings.userId, m.userId));
    await t.deps.db
      .update(cycles)
      .set({
        startDate: addDays(localDateIn(now, 'Pacific/Kiritimati'), -1),
        pausedDates: [localDateIn(now, 'Pacific/Kiritimati')],
      })
      .where(and(eq(cycles.userId, m.userId), eq(cycles.isActive, true)));
    expect((await (await lines(m.userId)).json()).lines).toEqual([
      { id: m.userId, cycle: expect.objectContaining({ day: 1, paused: true, started: true }) },
    ]);

    const tooMany = await lines(
      Array.from({ length: USERS_PAGE_SIZE + 1 }, (_, i) => `u${i}`).join(','),
    );
    expect(tooMany.status).toBe(422);
    expect(await tooMany.json()).toMatchObject({
      message: msg.adminMemberLinesAsked(USERS_PAGE_SIZE),
    });
    for (const ids of ['', 'a,,b', 'x'.repeat(101)]) {
      expect((await lines(ids)).status, ids).toBe(422);
    }
    expect((await admin.client.request('/api/admin/users/lines')).status).toBe(422);
    const nul = await lines('a%00b');
    expect(nul.status).toBe(422);
    expect(await nul.json()).toMatchObject({ message: msg.textHasNullCharacter });
    expect((await lines(m.userId, m.client)).status).toBe(403);
  });

  it("resets a member's cycle, keeping the old one, with an audit row", async () => {
    const m = await t.member({ displayName: 'Cycler' });
    await m.client.request('/api/checkins/today');
    const res = await admin.client.request(`/api/admin/users/${m.userId}/reset-cycle`, {
      method: 'POST',
    });
    expect(res.status).toBe(200);
    // Not checked in today: the new cycle starts today.
    expect(await res.json()).toEqual({
      displayName: 'Cycler',
      startDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      started: true,
    });
    const rows = await t.deps.db.select().from(cycles).where(eq(cycles.userId, m.userId));
    expect(rows).toHaveLength(2);
    expect(rows.filter((c) => c.isActive)).toHaveLength(1);
    expect(await lastAudit('admin.cycle_reset', m.userId)).toMatchObject({
      actorId: admin.userId,
    });
  });

  it('deletes a member and their data, never the admin themself', async () => {
    const m = await t.member();
    await postBy(m.client, m.userId);
    const self = await admin.client.request(`/api/admin/users/${admin.userId}`, {
      method: 'DELETE',
    });
    expect(self.status).toBe(403);
    const res = await admin.client.request(`/api/admin/users/${m.userId}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await t.deps.db.select().from(user).where(eq(user.id, m.userId))).toHaveLength(0);
    expect(await t.deps.db.select().from(posts).where(eq(posts.userId, m.userId))).toHaveLength(0);
    expect(await lastAudit('admin.user_delete', m.userId)).toMatchObject({
      actorId: admin.userId,
    });
    // The signed-out member's old session no longer works.
    expect((await m.client.request('/api/admin/users')).status).toBe(401);
  });
});

describe('posts and reports', () => {
  it('hides a reported post from the feed, resolves the report, unhides and deletes', async () => {
    const author = await t.member();
    const reporter = await t.member({ displayName: 'Watcher' });
    const postId = await postBy(author.client, author.userId);
    const report = await reporter.client.request(`/api/posts/${postId}/reports`, {
      method: 'POST',
      json: { reason: 'Spam' },
    });
    expect(report.status).toBeLessThan(300);

    const list = await (await admin.client.request('/api/admin/reports')).json();
    const row = list.reports.find((r: { postId: string }) => r.postId === postId);
    expect(row).toMatchObject({ reason: 'Spam', reporterName: 'Watcher', status: 'open' });

    const shown = await (await reporter.client.request('/api/feed')).json();
    expect(JSON.stringify(shown)).toContain(postId);
    const hide = await admin.client.request(`/api/admin/posts/${postId}/hidden`, {
      method: 'PUT',
      json: { isHidden: true },
    });
    expect(hide.status).toBe(200);
    const feed = await (await reporter.client.request('/api/feed')).json();
    expect(JSON.stringify(feed)).not.toContain(postId);
    expect(await lastAudit('post.hide', postId)).toMatchObject({ after: { isHidden: true } });

    const resolve = await admin.client.request(`/api/admin/reports/${row.id}/resolve`, {
      method: 'POST',
    });
    expect(resolve.status).toBe(200);
    const [stored] = await t.deps.db.select().from(reports).where(eq(reports.id, row.id));
    expect(stored.status).toBe('resolved');
    expect(await lastAudit('report.resolve', row.id)).toBeDefined();

    await admin.client.request(`/api/admin/posts/${postId}/hidden`, {
      method: 'PUT',
      json: { isHidden: false },
    });
    expect(await lastAudit('post.unhide', postId)).toBeDefined();
    const listed = await (await admin.client.request('/api/admin/posts')).json();
    expect(listed.posts.find((p: { id: string }) => p.id === postId)).toMatchObject({
      isHidden: false,
      visibility: 'public',
    });

    const del = await admin.client.request(`/api/admin/posts/${postId}`, { method: 'DELETE' });
    expect(del.status).toBe(200);
    expect(await t.deps.db.select().from(posts).where(eq(posts.id, postId))).toHaveLength(0);
    expect(await lastAudit('post.delete', postId)).toBeDefined();
  });
});

describe('badges', () => {
  it('creates, edits, awards with a null reason when empty, and deletes, each audited', async () => {
    const create = await admin.client.request('/api/admin/badges', {
      method: 'POST',
      json: { name: 'Helper', code: 'Helper_1', description: 'Helps others' },
    });
    expect(create.status).toBe(201);
    const badge = await create.json();
    expect(badge).toMatchObject({ code: 'helper_1', name: 'Helper' });
    expect(await lastAudit('badge.create', String(badge.id))).toBeDefined();

    const dup = await admin.client.request('/api/admin/badges', {
      method: 'POST',
      json: { name: 'Again', code: 'helper_1' },
    });
    expect(dup.status).toBe(409);

    const edit = await admin.client.request(`/api/admin/badges/${badge.id}`, {
      method: 'PUT',
      json: { name: 'Great Helper', code: 'helper_1', description: '' },
    });
    expect(edit.status).toBe(200);
    expect(await lastAudit('badge.update', String(badge.id))).toMatchObject({
      before: { name: 'Helper' },
    });

    const m = await t.member();
    const award = await admin.client.request('/api/admin/badges/award', {
      method: 'POST',
      json: { badgeId: String(badge.id), userId: m.userId, reason: '  ' },
    });
    expect(award.status).toBe(200);
    const [held] = await t.deps.db.select().from(userBadges).where(eq(userBadges.userId, m.userId));
    expect(held).toMatchObject({ badgeId: badge.id, reason: null });
    expect(await lastAudit('badge.award', m.userId)).toBeDefined();
    const mine = await (await m.client.request('/api/profile/badges')).json();
    expect(JSON.stringify(mine)).toContain('Great Helper');

    const del = await admin.client.request(`/api/admin/badges/${badge.id}`, { method: 'DELETE' });
    expect(del.status).toBe(200);
    expect(await t.deps.db.select().from(badges).where(eq(badges.id, badge.id))).toHaveLength(0);
    expect(await lastAudit('badge.delete', String(badge.id))).toBeDefined();
  });

  it('refuses a badge id past the database integer range with 422, not a 500', async () => {
    const json = { name: 'Big', code: 'big' };
    const huge = '3000000000';
    for (const [method, path, body] of [
      ['PUT', `/api/admin/badges/${huge}`, json],
      ['DELETE', `/api/admin/badges/${huge}`, undefined],
      ['POST', '/api/admin/badges/award', { badgeId: huge, userId: admin.userId }],
    ] as const) {
      const res = await admin.client.request(path, { method, json: body });
      expect(res.status, `${method} ${path}`).toBe(422);
    }
  });
});

describe('badge images', () => {
  it('stores an image as badges/badge-{id}.webp with a timestamped URL members can load', async () => {
    const badge = await (
      await admin.client.request('/api/admin/badges', {
        method: 'POST',
        json: { name: 'Pictured', code: 'pictured' },
      })
    ).json();
    const png = await sharp({
      create: { width: 600, height: 600, channels: 4, background: '#22c55e' },
    })
      .png()
      .toBuffer();
    const res = await admin.client.request(`/api/admin/badges/${badge.id}/image`, {
      method: 'POST',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(png),
    });
    expect(res.status).toBe(200);
    const { imageUrl } = await res.json();
    expect(imageUrl).toMatch(new RegExp(`^/api/badges/badge-${badge.id}\\.webp\\?v=\\d+$`));
    expect(await t.deps.storage.stat(`badges/badge-${badge.id}.webp`)).not.toBeNull();
    expect(await lastAudit('badge.image', String(badge.id))).toMatchObject({
      after: { imageUrl },
    });

    const m = await t.member();
    const image = await m.client.request(imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    const { width } = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(width).toBeLessThanOrEqual(512);
    // Signed out, or a badge without an image: nothing.
    expect((await t.client().request(imageUrl)).status).toBe(401);
    expect((await m.client.request('/api/badges/badge-999999.webp')).status).toBe(404);
  });

  it('refuses a file that is not an image, changing nothing', async () => {
    const badge = await (
      await admin.client.request('/api/admin/badges', {
        method: 'POST',
        json: { name: 'Plain', code: 'plain' },
      })
    ).json();
    const before = await auditCount();
    const res = await admin.client.request(`/api/admin/badges/${badge.id}/image`, {
      method: 'POST',
      headers: { 'content-type': 'image/png' },
      body: new TextEncoder().encode('<svg onload="alert(1)"></svg> not a png at all'),
    });
    expect([415, 422]).toContain(res.status);
    const [row] = await t.deps.db.select().from(badges).where(eq(badges.id, badge.id));
    expect(row.imageUrl).toBeNull();
    expect(await t.deps.storage.stat(`badges/badge-${badge.id}.webp`)).toBeNull();
    expect(await auditCount()).toBe(before);
  });
});

describe('coupons', () => {
  it('refuses a limit or an expiry the database cannot store, with the form messages', async () => {
    const create = (json: object) =>
      admin.client.request('/api/admin/coupons', {
        method: 'POST',
        json: { code: 'HUGE1', monthsFree: 1, ...json },
      });
    const tooMany = await create({ maxRedemptions: 1e15 });
    expect(tooMany.status).toBe(422);
    expect(await tooMany.json()).toMatchObject({ message: msg.couponMaxRedemptionsInvalid });
    for (const expiresAt of ['+010000-01-01T00:00:00Z', '-000100-01-01T00:00:00Z']) {
      const res = await create({ expiresAt });
      expect(res.status, expiresAt).toBe(422);
      expect(await res.json()).toMatchObject({ message: msg.invalidDate });
    }
    expect((await create({ maxRedemptions: 5, expiresAt: '9999-12-31T00:00:00Z' })).status).toBe(
      201,
    );
  });

  it('creates with the code trimmed and upper-cased, defaults, edits, toggles and deletes', async () => {
    const create = await admin.client.request('/api/admin/coupons', {
      method: 'POST',
      json: { code: '  spring25 ', maxRedemptions: '', expiresAt: '', notes: 'Spring' },
    });
    expect(create.status).toBe(201);
    const coupon = await create.json();
    expect(coupon).toMatchObject({
      code: 'SPRING25',
      monthsFree: 3,
      maxRedemptions: null,
      expiresAt: null,
      isActive: true,
      notes: 'Spring',
    });
    expect(await lastAudit('coupon.create', coupon.id)).toMatchObject({
      after: { code: 'SPRING25' },
    });

    const edit = await admin.client.request(`/api/admin/coupons/${coupon.id}`, {
      method: 'PUT',
      json: {
        code: 'spring25',
        monthsFree: 6,
        maxRedemptions: 10,
        expiresAt: '2030-01-01T00:00:00Z',
      },
    });
    expect(edit.status).toBe(200);
    expect(await edit.json()).toMatchObject({ monthsFree: 6, maxRedemptions: 10 });
    expect(await lastAudit('coupon.update', coupon.id)).toMatchObject({
      before: { monthsFree: 3 },
      after: { monthsFree: 6 },
    });

    const off = await admin.client.request(`/api/admin/coupons/${coupon.id}/active`, {
      method: 'PUT',
      json: { isActive: false },
    });
    expect((await off.json()).isActive).toBe(false);

    const list = await (await admin.client.request('/api/admin/coupons')).json();
    expect(list.coupons.map((c: { code: string }) => c.code)).toContain('SPRING25');

    const del = await admin.client.request(`/api/admin/coupons/${coupon.id}`, {
      method: 'DELETE',
    });
    expect(del.status).toBe(200);
    expect(await t.deps.db.select().from(coupons).where(eq(coupons.id, coupon.id))).toHaveLength(0);
    expect(await lastAudit('coupon.delete', coupon.id)).toBeDefined();
  });

  it('refuses months 0 or 25 and a duplicate code in another case, changing nothing', async () => {
    await admin.client.request('/api/admin/coupons', { method: 'POST', json: { code: 'SUMMER' } });
    const before = await auditCount();
    for (const monthsFree of [0, 25]) {
      const res = await admin.client.request('/api/admin/coupons', {
        method: 'POST',
        json: { code: 'MONTHS', monthsFree },
      });
      expect(res.status).toBe(422);
      expect((await res.json()).message).toBe(msg.couponMonthsRange);
    }
    const dup = await admin.client.request('/api/admin/coupons', {
      method: 'POST',
      json: { code: 'summer' },
    });
    expect(dup.status).toBe(409);
    expect((await dup.json()).message).toBe(msg.couponCodeExists);
    expect(await auditCount()).toBe(before);
    expect(
      (await t.deps.db.select().from(coupons)).filter((c) => c.code === 'MONTHS'),
    ).toHaveLength(0);
  });
});

describe('subscriptions and notifications', () => {
  it('lists subscriptions and the latest notifications, filtered by status', async () => {
    const subs = await admin.client.request('/api/admin/subscriptions');
    expect(subs.status).toBe(200);
    expect(Array.isArray((await subs.json()).subscriptions)).toBe(true);
    await t.deps.db.insert(notificationLogs).values([
      { toEmail: 'a@example.com', kind: 'test', subject: 'Sent one', sendStatus: 'sent' },
      { toEmail: 'b@example.com', kind: 'test', subject: 'Bounced one', sendStatus: 'bounced' },
    ]);
    const all = await (await admin.client.request('/api/admin/notifications?status=all')).json();
    expect(all.notifications.length).toBeGreaterThan(0);
    expect(all.notifications.length).toBeLessThanOrEqual(100);
    const failed = await (
      await admin.client.request('/api/admin/notifications?status=bounced')
    ).json();
    expect(failed.notifications.map((n: { subject: string }) => n.subject)).toEqual([
      'Bounced one',
    ]);
    const bad = await admin.client.request('/api/admin/notifications?status=nonsense');
    expect(bad.status).toBe(422);

    const trigger = await admin.client.request('/api/admin/notifications/reminders', {
      method: 'POST',
    });
    expect(trigger.status).toBe(200);
    expect(await trigger.json()).toMatchObject({ reminders: expect.any(Number) });
  });
});

/** Every page of an admin list, following `nextCursor` from the first ("Load more" until the end). */
async function allPages<K extends string>(
  path: string,
  key: K,
): Promise<{ pages: Record<K, { id: string }[]>[]; ids: string[] }> {
  const pages: Record<K, { id: string }[]>[] = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const url: string = cursor ? `${path}${sep}cursor=${encodeURIComponent(cursor)}` : path;
    const res = await admin.client.request(url);
    expect(res.status, url).toBe(200);
    const page = (await res.json()) as Record<K, { id: string }[]> & { nextCursor: string | null };
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 50);
  const ids = pages.flatMap((p) => p[key].map((r) => r.id));
  return { pages, ids };
}

describe('admin lists page with Load more and search (issue 25, item 14)', () => {
  let author: { userId: string };
  let otherAuthor: { userId: string };
  const bulkPosts: string[] = [];

  beforeAll(async () => {
    author = await t.member({ displayName: 'Zelda Pager' });
    otherAuthor = await t.member({ displayName: 'Quincy Other' });
    // More posts than a page, oldest first; a few by another author, with words to find.
    for (let i = 0; i < ADMIN_PAGE_SIZE + 5; i += 1) {
      const [row] = await t.deps.db
        .insert(posts)
        .values({
          userId: i % 10 === 0 ? otherAuthor.userId : author.userId,
          caption: i === 3 ? 'Morning kettlebell swings, 100% effort' : `Paged walk number ${i}`,
          createdAt: new Date(Date.UTC(2021, 0, 1, 0, i)),
        })
        .returning({ id: posts.id });
      bulkPosts.push(row.id);
    }
  });

  it('posts: every post is reached page by page, none twice, newest first', async () => {
    const first = await (await admin.client.request('/api/admin/posts')).json();
    expect(first.posts).toHaveLength(ADMIN_PAGE_SIZE);
    expect(first.nextCursor).toEqual(expect.any(String));
    const { ids } = await allPages('/api/admin/posts', 'posts');
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of bulkPosts) expect(ids).toContain(id);
    // The oldest bulk post is the last of them listed.
    expect(ids.indexOf(bulkPosts[0])).toBeGreaterThan(ids.indexOf(bulkPosts.at(-1)!));

    const bad = await admin.client.request('/api/admin/posts?cursor=not-a-cursor');
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe(msg.invalidCursor);
  });

  it('posts: found by the start of the author name or by words of the caption', async () => {
    const byAuthor = await allPages('/api/admin/posts?q=zeld', 'posts');
    expect(byAuthor.pages[0].posts).toHaveLength(ADMIN_PAGE_SIZE);
    expect(byAuthor.ids.sort()).toEqual(bulkPosts.filter((_, i) => i % 10 !== 0).sort());

    const byOther = await (await admin.client.request('/api/admin/posts?q=Quincy')).json();
    expect(byOther.posts.map((p: { id: string }) => p.id).sort()).toEqual(
      bulkPosts.filter((_, i) => i % 10 === 0).sort(),
    );
    expect(byOther.nextCursor).toBeNull();

    // Words typed in any order and case, each matching the start of a word.
    const byWords = await (await admin.client.request('/api/admin/posts?q=KETTLE%20morn')).json();
    expect(byWords.posts.map((p: { id: string }) => p.id)).toEqual([bulkPosts[3]]);
    expect(byWords.posts[0]).toMatchObject({ authorName: 'Zelda Pager' });

    // Search syntax typed by the admin is only text: no match, and never an error.
    for (const q of ['%', '\\', '_', ':*', '(', '!']) {
      const res = await admin.client.request(`/api/admin/posts?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      expect((await res.json()).posts, q).toEqual([]);
    }
    const quoted = await admin.client.request(
      `/api/admin/posts?q=${encodeURIComponent("kettle' & !")}`,
    );
    expect((await quoted.json()).posts.map((p: { id: string }) => p.id)).toEqual([bulkPosts[3]]);
  });

  it("posts: one post by id, wherever it is in the list (a report's Open post)", async () => {
    const oldest = bulkPosts[0];
    const first = await (await admin.client.request('/api/admin/posts')).json();
    expect(first.posts.map((p: { id: string }) => p.id)).not.toContain(oldest);
    const res = await admin.client.request(`/api/admin/posts/${oldest}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: oldest,
      authorName: 'Quincy Other',
      caption: 'Paged walk number 0',
      isHidden: false,
    });
    const gone = await admin.client.request(
      '/api/admin/posts/00000000-0000-4000-8000-000000000000',
    );
    expect(gone.status).toBe(404);
    expect((await gone.json()).message).toBe(msg.postNotFound);
  });

  it('reports: paged, and found by reporter, post author, reason or caption', async () => {
    const reporter = await t.member({ displayName: 'Rita Reporter' });
    for (const [i, postId] of bulkPosts.entries()) {
      await t.deps.db.insert(reports).values({
        postId,
        reporterId: reporter.userId,
        reason: i === 7 ? 'Looks like an advert for supplements' : `Report ${i}`,
        createdAt: new Date(Date.UTC(2021, 1, 1, 0, i)),
      });
    }
    const { pages, ids } = await allPages('/api/admin/reports', 'reports');
    expect(pages[0].reports).toHaveLength(ADMIN_PAGE_SIZE);
    expect(new Set(ids).size).toBe(ids.length);
    const stored = await t.deps.db
      .select({ id: reports.id })
      .from(reports)
      .where(eq(reports.reporterId, reporter.userId));
    for (const { id } of stored) expect(ids).toContain(id);

    const postIdsOf = async (q: string) =>
      (await allPages(`/api/admin/reports?q=${encodeURIComponent(q)}`, 'reports')).pages
        .flatMap((p) => p.reports as unknown as { postId: string }[])
        .map((r) => r.postId)
        .sort();
    expect(await postIdsOf('rita')).toEqual([...bulkPosts].sort());
    expect(await postIdsOf('quin')).toEqual(bulkPosts.filter((_, i) => i % 10 === 0).sort());
    expect(await postIdsOf('advert supp')).toEqual([bulkPosts[7]]);
    expect(await postIdsOf('kettlebell')).toEqual([bulkPosts[3]]);
    expect(await postIdsOf('%')).toEqual([]);
  });

  it('subscriptions, coupons and notifications page too; coupons count them all', async () => {
    for (let i = 0; i < ADMIN_PAGE_SIZE + 3; i += 1) {
      await t.deps.db.insert(coupons).values({
        code: `PAGED${i}`,
        createdAt: new Date(Date.UTC(2021, 2, 1, 0, i)),
      });
      const m = await t.deps.db
        .insert(user)
        .values({ id: `sub-${i}`, name: `Sub ${i}`, email: `sub${i}@example.com` })
        .returning({ id: user.id });
      await t.deps.db.insert(subscriptions).values({
        userId: m[0].id,
        status: 'active',
        createdAt: new Date(Date.UTC(2021, 2, 1, 0, i)),
      });
    }
    await t.deps.db.insert(notificationLogs).values(
      Array.from({ length: 105 }, (_, i) => ({
        toEmail: `n${i}@example.com`,
        kind: 'test',
        subject: `Paged note ${i}`,
        sendStatus: 'sent',
        createdAt: new Date(Date.UTC(2021, 3, 1, 0, i)),
      })),
    );

    const coupons1 = await (await admin.client.request('/api/admin/coupons')).json();
    expect(coupons1.coupons).toHaveLength(ADMIN_PAGE_SIZE);
    const storedCoupons = await t.deps.db.$count(coupons);
    expect(coupons1.total).toBe(storedCoupons);
    const allCoupons = await allPages('/api/admin/coupons', 'coupons');
    expect(allCoupons.ids).toHaveLength(storedCoupons);

    const subs = await allPages('/api/admin/subscriptions', 'subscriptions');
    expect(subs.pages[0].subscriptions).toHaveLength(ADMIN_PAGE_SIZE);
    expect(subs.ids).toHaveLength(await t.deps.db.$count(subscriptions));
    expect(new Set(subs.ids).size).toBe(subs.ids.length);

    const notes = await allPages('/api/admin/notifications?status=sent', 'notifications');
    expect(notes.pages[0].notifications).toHaveLength(100);
    expect(notes.ids).toHaveLength(
      await t.deps.db.$count(notificationLogs, eq(notificationLogs.sendStatus, 'sent')),
    );
  });
});

describe('Award Badge to a member who has it (issue 25, item 15)', () => {
  it('says the member already has it, with both names, and changes nothing', async () => {
    const m = await t.member({ displayName: 'Holder Hana' });
    const badge = await (
      await admin.client.request('/api/admin/badges', {
        method: 'POST',
        json: { name: 'Early Bird', code: 'early_bird_twice' },
      })
    ).json();
    const award = () =>
      admin.client.request('/api/admin/badges/award', {
        method: 'POST',
        json: { badgeId: String(badge.id), userId: m.userId, reason: 'First' },
      });
    expect(await (await award()).json()).toEqual({
      awarded: true,
      memberName: 'Holder Hana',
      badgeName: 'Early Bird',
    });
    const audited = await auditCount();
    const again = await award();
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({
      awarded: false,
      memberName: 'Holder Hana',
      badgeName: 'Early Bird',
    });
    expect(await auditCount()).toBe(audited);
    const held = await t.deps.db.select().from(userBadges).where(eq(userBadges.userId, m.userId));
    expect(held).toHaveLength(1);
    expect(held[0].reason).toBe('First');
  });
});
