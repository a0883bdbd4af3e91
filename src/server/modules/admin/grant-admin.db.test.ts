import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@shared/messages';
import { auditEvents, profiles, user } from '../../db/schema';
import { setUpTestApp } from '../../testing/test-app';
import { audit } from '../../lib/audit';
import { withTransaction } from '../../lib/context';
import { setAdmin } from './grant-admin';
import { listAuditEvents } from './audit';

const t = setUpTestApp();

async function createMember(id: string, email: string, withProfile = true): Promise<void> {
  await t.deps.db.insert(user).values({ id, name: `Member ${id}`, email, emailVerified: true });
  // Simulates an account from before profiles were created at sign-up.
  if (!withProfile) await t.deps.db.delete(profiles).where(eq(profiles.id, id));
}

async function isAdmin(id: string) {
  const [row] = await t.deps.db
    .select({ isAdmin: profiles.isAdmin })
    .from(profiles)
    .where(eq(profiles.id, id));
  return row?.isAdmin ?? null;
}

const auditFor = (id: string) =>
  t.deps.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.targetType, 'user'), eq(auditEvents.targetId, id)));

beforeAll(async () => {
  await createMember('alice', 'alice@example.com');
  await createMember('bob', 'bob@example.com');
  await createMember('carol', 'Carol.Mixed@Example.com');
  await createMember('dave', 'dave@example.com', false);
});

const cli = () => t.system('cli');

describe('setAdmin', () => {
  it('grants admin by e-mail regardless of case, with an audit record of who did it', async () => {
    expect(await setAdmin(cli(), { email: '  ALICE@Example.COM ', isAdmin: true })).toEqual({
      ok: true,
    });
    expect(await isAdmin('alice')).toBe(true);
    expect(await isAdmin('bob')).toBe(false);
    const [event] = await auditFor('alice');
    expect(event).toMatchObject({
      action: 'admin.grant',
      actorKind: 'system',
      actorId: 'system:cli',
      before: { isAdmin: false },
      after: { isAdmin: true },
    });
  });

  it('finds an account stored with mixed case', async () => {
    await setAdmin(cli(), { email: 'carol.mixed@example.com', isAdmin: true });
    expect(await isAdmin('carol')).toBe(true);
  });

  it('revokes admin, back to a plain member', async () => {
    await setAdmin(cli(), { email: 'bob@example.com', isAdmin: true });
    expect(await setAdmin(cli(), { email: 'bob@example.com', isAdmin: false })).toEqual({
      ok: true,
    });
    expect(await isAdmin('bob')).toBe(false);
    expect((await auditFor('bob')).map((e) => e.action).sort()).toEqual([
      'admin.grant',
      'admin.revoke',
    ]);
  });

  it('creates the missing profile of an older account', async () => {
    expect(await setAdmin(cli(), { email: 'dave@example.com', isAdmin: true })).toEqual({
      ok: true,
    });
    const [profile] = await t.deps.db.select().from(profiles).where(eq(profiles.id, 'dave'));
    expect(profile).toMatchObject({ displayName: 'Member dave', isAdmin: true });
  });

  it('reports no such account and changes nothing', async () => {
    const before = await t.deps.db.select().from(auditEvents);
    expect(await setAdmin(cli(), { email: 'nobody@example.com', isAdmin: true })).toEqual({
      ok: false,
    });
    expect(await t.deps.db.select().from(auditEvents)).toHaveLength(before.length);
  });

  it('prefers the exact spelling when two accounts differ only in case', async () => {
    await createMember('erin_upper', 'ERIN@example.com');
    await createMember('erin_lower', 'erin@example.com');
    await setAdmin(cli(), { email: 'erin@example.com', isAdmin: true });
    expect(await isAdmin('erin_lower')).toBe(true);
    expect(await isAdmin('erin_upper')).toBe(false);
  });

  it('is refused to a member, and to nobody', async () => {
    const member = await t.member();
    const ctx = await t.contextFor(member.userId);
    await expect(setAdmin(ctx, { email: member.email, isAdmin: true })).rejects.toMatchObject({
      code: 'forbidden',
      message: msg.forbidden,
    });
    expect(await isAdmin(member.userId)).toBe(false);
  });
});

describe('the audit trail', () => {
  it('commits an audited change and its record together, and rolls both back together', async () => {
    await createMember('frank', 'frank@example.com');
    // A failure after the audited change: neither the flag nor its record may remain.
    await expect(
      withTransaction(cli(), async (ctx) => {
        await setAdmin(ctx, { email: 'frank@example.com', isAdmin: true });
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect(await isAdmin('frank')).toBe(false);
    expect(await auditFor('frank')).toHaveLength(0);

    await withTransaction(cli(), (ctx) =>
      setAdmin(ctx, { email: 'frank@example.com', isAdmin: true }),
    );
    expect(await isAdmin('frank')).toBe(true);
    expect(await auditFor('frank')).toHaveLength(1);
  });

  it('refuses to write a record outside a transaction', async () => {
    await expect(
      audit(cli(), { action: 'admin.grant', target: { type: 'user', id: 'x' } }),
    ).rejects.toThrow(/withTransaction/);
  });

  it('is listed for admins, newest first, and refused to members over HTTP', async () => {
    const page = await listAuditEvents(cli(), { targetType: 'user', targetId: 'bob' });
    expect(page.events.map((e) => e.action)).toEqual(['admin.revoke', 'admin.grant']);

    const member = await t.member();
    const refused = await member.client.request('/api/admin/audit');
    expect(refused.status).toBe(403);
    await t.setAdminFlag(member.userId);
    const allowed = await member.client.request('/api/admin/audit?targetType=user&targetId=bob');
    expect(allowed.status).toBe(200);
    expect((await allowed.json()).events).toHaveLength(2);
  });
});

describe('the admin CLI and the last admin', () => {
  const solo = setUpTestApp();
  beforeAll(async () => {
    await solo.deps.db
      .insert(user)
      .values({ id: 'only', name: 'Only Admin', email: 'only@example.com', emailVerified: true });
  });

  it('cannot revoke the last admin, and leaves no record of trying', async () => {
    const cli = () => solo.system('cli');
    await setAdmin(cli(), { email: 'only@example.com', isAdmin: true });
    await expect(
      setAdmin(cli(), { email: 'only@example.com', isAdmin: false }),
    ).rejects.toMatchObject({ code: 'conflict', message: msg.lastAdmin });
    const [row] = await solo.deps.db
      .select({ isAdmin: profiles.isAdmin })
      .from(profiles)
      .where(eq(profiles.id, 'only'));
    expect(row?.isAdmin).toBe(true);
    const actions = await solo.deps.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.targetId, 'only'));
    expect(actions.map((a) => a.action)).toEqual(['admin.grant']);
  });
});
