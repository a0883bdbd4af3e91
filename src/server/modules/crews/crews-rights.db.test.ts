import { beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CrewDetail, CrewInvitePreview } from '@shared/api-types';
import { msg } from '@shared/messages';
import { crewMembers, crews, userSettings } from '../../db/schema';
import type * as PushModule from '../../lib/push';
import { downloadExport, exportEntry } from '../../testing/data-export';
import { setUpTestApp, type TestClient, type TestMember } from '../../testing/test-app';
import { nudgeCrewmate } from './service';

// Issue 30, the parts a member cannot see in crews.db.test.ts: the nudge by push and the nudged
// member's settings, the data export and account deletion, the invite page's answers for a full,
// closed and dead link, and malformed input on every crew route.

// The push service is far away; what the nudged member's devices would be sent is recorded here.
const pushes = vi.hoisted(() => [] as { userId: string; title: string; body: string }[]);
vi.mock('../../lib/push', async (original) => ({
  ...(await original<typeof PushModule>()),
  sendPush: (_ctx: unknown, userId: string, message: { title: string; body: string }) => {
    pushes.push({ userId, title: message.title, body: message.body });
    return Promise.resolve(1);
  },
}));

const t = setUpTestApp();
beforeEach(() => {
  pushes.length = 0;
});

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const tokenOf = (url: string) => url.split('/crews/join/')[1];

/** A crew of `owner` with the given members joined by link. */
async function crewWith(owner: TestMember, name: string, ...members: TestMember[]) {
  const crew = await json<{ id: string }>(
    await owner.client.request('/api/crews', { method: 'POST', json: { name } }),
    201,
  );
  const link = await json<{ url: string }>(
    await owner.client.request(`/api/crews/${crew.id}/invite`, { method: 'POST' }),
    201,
  );
  for (const m of members)
    await json(
      await m.client.request(`/api/crew-invites/${tokenOf(link.url)}/join`, { method: 'POST' }),
      200,
    );
  return { crewId: crew.id, url: link.url };
}

async function nudgeSettings(m: TestMember, email: boolean, push: boolean) {
  await t.deps.db
    .update(userSettings)
    .set({ emailNudges: email, pushNudges: push })
    .where(eq(userSettings.userId, m.userId));
}

const nudge = (from: TestMember, to: TestMember, crewId: string) =>
  from.client.request(`/api/crews/${crewId}/nudges`, {
    method: 'POST',
    json: { userId: to.userId },
  });

const nudgeMailsTo = (m: TestMember) =>
  t.mails.filter((x) => x.kind === 'crew_nudge' && x.to === m.email);

describe('a nudge', () => {
  it('goes by push and e-mail as the nudged member chose, in a friend’s words', async () => {
    const maya = await t.member({ displayName: 'Maya' });
    const both = await t.member({ displayName: 'Both' });
    const pushOnly = await t.member({ displayName: 'Pushy' });
    const mailOnly = await t.member({ displayName: 'Maily' });
    const none = await t.member({ displayName: 'Quiet' });
    const { crewId } = await crewWith(maya, 'Dawn Crew', both, pushOnly, mailOnly, none);
    await nudgeSettings(both, true, true);
    await nudgeSettings(pushOnly, false, true);
    await nudgeSettings(mailOnly, true, false);
    await nudgeSettings(none, false, false);
    // Their cycles start: day 1.
    for (const m of [both, pushOnly, mailOnly, none]) await m.client.request('/api/checkins/today');

    for (const m of [both, pushOnly, mailOnly]) {
      const res = await nudge(maya, m, crewId);
      expect(res.status, await res.clone().text()).toBe(201);
    }
    const off = await nudge(maya, none, crewId);
    expect(off.status).toBe(409);
    expect((await off.json()).message).toBe(msg.crewNudgeNotSent('Quiet'));
    await t.deps.mailer.idle();

    const title = 'Maya nudged you: Day 1 is waiting';
    expect(msg.crewNudgeTitle('Maya', 12)).toBe('Maya nudged you: Day 12 is waiting');
    expect(pushes.map((p) => p.userId).sort()).toEqual([both.userId, pushOnly.userId].sort());
    for (const p of pushes) {
      expect(p.title).toBe(title);
      expect(p.body).toBe(msg.crewNudgeLead('Maya', 'Dawn Crew'));
    }
    expect(nudgeMailsTo(both).map((m) => m.subject)).toEqual([title]);
    expect(nudgeMailsTo(mailOnly).map((m) => m.subject)).toEqual([title]);
    expect(nudgeMailsTo(pushOnly)).toEqual([]);
    expect(nudgeMailsTo(none)).toEqual([]);

    // Once per pair and day: a second nudge sends nothing, by either way.
    const again = await nudge(maya, both, crewId);
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(msg.crewNudgeAlreadySent('Both'));
    await t.deps.mailer.idle();
    expect(pushes).toHaveLength(2);
    expect(nudgeMailsTo(both)).toHaveLength(1);

    // The next day (their day), the same pair may nudge again.
    const tomorrow = await t.contextFor(maya.userId, {
      now: new Date(Date.now() + 86_400_000),
    });
    await expect(nudgeCrewmate(tomorrow, { crewId, userId: pushOnly.userId })).resolves.toEqual({
      message: msg.crewNudgeSent('Pushy'),
    });
    expect(pushes.filter((p) => p.userId === pushOnly.userId)).toHaveLength(2);
  });
});

async function exported(client: TestClient) {
  const { entries } = await downloadExport(client);
  return JSON.parse(exportEntry(entries, 'data.json')!.toString('utf8')) as {
    crews: { id: string; name: string; role: string }[];
    posts: { id: string; audience: unknown }[];
  };
}

describe('data rights', () => {
  it('exports the member’s crews and who sees each of their posts', async () => {
    const owner = await t.member({ displayName: 'Exporter' });
    const other = await t.member({ displayName: 'Other Owner' });
    const { crewId: mine } = await crewWith(owner, 'My Crew');
    const { url } = await crewWith(other, 'Their Crew');
    await json(
      await owner.client.request(`/api/crew-invites/${tokenOf(url)}/join`, { method: 'POST' }),
      200,
    );
    const { checkin } = await json<{ checkin: { postId: string } }>(
      await owner.client.request('/api/checkins', {
        method: 'POST',
        json: { movedMinutes: 20, steps: 100, audience: { kind: 'crew', crewId: mine } },
      }),
      201,
    );
    const data = await exported(owner.client);
    expect(data.crews.map((c) => [c.name, c.role])).toEqual([
      ['My Crew', 'owner'],
      ['Their Crew', 'member'],
    ]);
    expect(data.posts.find((p) => p.id === checkin.postId)?.audience).toEqual({
      kind: 'crew',
      crewId: mine,
      crewName: 'My Crew',
    });

    await json(
      await owner.client.request(`/api/posts/${checkin.postId}/audience`, {
        method: 'PATCH',
        json: { audience: { kind: 'only_me' } },
      }),
      200,
    );
    await t.resetLimits();
    const later = await exported(owner.client);
    expect(later.posts.find((p) => p.id === checkin.postId)?.audience).toEqual({
      kind: 'only_me',
    });
  });

  it('deletes the member’s memberships with the account, and the longest-standing member takes over', async () => {
    const owner = await t.member({ displayName: 'Going' });
    const first = await t.member({ displayName: 'First In' });
    const second = await t.member({ displayName: 'Second In' });
    const { crewId } = await crewWith(owner, 'Hand Over', first, second);
    const { crewId: theirs } = await crewWith(second, 'Not Mine', owner);
    const res = await owner.client.request('/api/account/delete', {
      method: 'POST',
      json: { confirmation: 'DELETE' },
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);

    expect(
      await t.deps.db.select().from(crewMembers).where(eq(crewMembers.userId, owner.userId)),
    ).toEqual([]);
    const handed = await json<CrewDetail>(await first.client.request(`/api/crews/${crewId}`), 200);
    expect(handed.crew).toMatchObject({ ownerName: 'First In', isOwner: true, memberCount: 2 });
    expect(handed.board.map((b) => b.displayName).sort()).toEqual(['First In', 'Second In']);
    const kept = await json<CrewDetail>(await second.client.request(`/api/crews/${theirs}`), 200);
    expect(kept.crew).toMatchObject({ ownerName: 'Second In', memberCount: 1 });
    const [row] = await t.deps.db.select().from(crews).where(eq(crews.id, crewId));
    expect(row.ownerId).toBe(first.userId);
  });
});

describe('the invite link page', () => {
  it('says clearly when the crew is full, closed, or the link is dead', async () => {
    const owner = await t.member();
    const visitor = await t.member();
    const preview = async (url: string) =>
      json<CrewInvitePreview>(
        await visitor.client.request(`/api/crew-invites/${tokenOf(url)}`),
        200,
      );

    // Full: the crew is filled to its limit directly (the concurrent join test is in crews.db).
    const { crewId: fullId, url: fullUrl } = await crewWith(owner, 'Full Crew');
    const fillers = await Promise.all(Array.from({ length: 19 }, () => t.member()));
    await t.deps.db
      .insert(crewMembers)
      .values(fillers.map((f) => ({ crewId: fullId, userId: f.userId, joinedAt: new Date() })));
    expect(await preview(fullUrl)).toMatchObject({
      ok: false,
      reason: 'full',
      message: msg.crewFull,
      crew: { name: 'Full Crew', memberCount: 20 },
    });
    const full = await visitor.client.request(`/api/crew-invites/${tokenOf(fullUrl)}/join`, {
      method: 'POST',
    });
    expect(full.status).toBe(409);
    expect((await full.json()).message).toBe(msg.crewFull);

    // Closed: no crew details, the closing said plainly.
    const { crewId: closedId, url: closedUrl } = await crewWith(owner, 'Closed Crew');
    await json(await owner.client.request(`/api/crews/${closedId}`, { method: 'DELETE' }), 200);
    expect(await preview(closedUrl)).toEqual({
      ok: false,
      reason: 'closed',
      message: msg.crewClosed,
      crew: null,
      alreadyMember: false,
    });

    // Revoked, replaced and never issued: a dead link, with nothing about the crew.
    const { crewId, url: revoked } = await crewWith(owner, 'Live Crew');
    await json(
      await owner.client.request(`/api/crews/${crewId}/invite`, { method: 'DELETE' }),
      200,
    );
    const replacedBy = await json<{ url: string }>(
      await owner.client.request(`/api/crews/${crewId}/invite`, { method: 'POST' }),
      201,
    );
    expect(replacedBy.url).not.toBe(revoked);
    const replaced = replacedBy.url;
    await json(await owner.client.request(`/api/crews/${crewId}/invite`, { method: 'POST' }), 201);
    for (const url of [revoked, replaced, 'x/crews/join/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
      expect(await preview(url), url).toEqual({
        ok: false,
        reason: 'dead',
        message: msg.crewLinkDead,
        crew: null,
        alreadyMember: false,
      });
    }
    // A token that cannot be ours (too short, too long, odd characters, a NUL) reads as dead too.
    for (const token of [
      'short',
      'A'.repeat(65),
      'AAAAAAAAAAAAAAAA%00AAAA',
      "AAAAAAAAAAAAAAAA'--",
    ]) {
      const res = await visitor.client.request(`/api/crew-invites/${token}`);
      expect(res.status, token).toBe(404);
      expect((await res.json()).message, token).toBe(msg.crewLinkDead);
    }
  });
});

describe('malformed input on crew routes', () => {
  it('answers a NUL, an oversized body and a malformed id plainly, changing nothing', async () => {
    const owner = await t.member({ displayName: 'Careful' });
    const mate = await t.member({ displayName: 'Mate' });
    const { crewId } = await crewWith(owner, 'Solid Crew', mate);
    for (const id of ['%00', `${crewId}%00`, 'x'.repeat(5000), '..%2F..%2Fadmin']) {
      const res = await owner.client.request(`/api/crews/${id}`);
      expect(res.status, id).toBe(404);
      expect((await res.json()).message, id).toBe(msg.crewNotFound);
    }
    // A member id with a NUL, or far too long: refused, the crew unchanged.
    for (const victim of ['%00', 'a'.repeat(200)]) {
      const res = await owner.client.request(`/api/crews/${crewId}/members/${victim}`, {
        method: 'DELETE',
      });
      expect(res.status, victim).toBeGreaterThanOrEqual(400);
      expect(res.status, victim).toBeLessThan(500);
    }
    for (const body of [
      { userId: 'nul\u0000' },
      { userId: 'x'.repeat(101) },
      { userId: 42 },
      'not json',
    ]) {
      const res = await owner.client.request(`/api/crews/${crewId}/nudges`, {
        method: 'POST',
        ...(typeof body === 'string'
          ? { body, headers: { 'content-type': 'application/json' } }
          : { json: body }),
      });
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(body)).toBeLessThan(500);
      expect(JSON.stringify(await res.json())).not.toMatch(/stack|sql|select|at .*\.ts/i);
    }
    // A body over the API's limit: refused as too large, before it is read into a rename.
    const huge = await owner.client.request(`/api/crews/${crewId}`, {
      method: 'PATCH',
      json: { name: 'x'.repeat(2_000_000) },
    });
    expect(huge.status).toBe(413);
    expect((await huge.json()).message).toBe(msg.requestTooLarge);
    const rename = await owner.client.request(`/api/crews/${crewId}`, {
      method: 'PATCH',
      json: { name: 'Nul\u0000Crew' },
    });
    expect(rename.status).toBe(422);
    const detail = await json<CrewDetail>(await owner.client.request(`/api/crews/${crewId}`), 200);
    expect(detail.crew).toMatchObject({ name: 'Solid Crew', memberCount: 2 });
  });
});
