import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { profiles, user } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../db/test-database';
import { setAdmin } from './grant-admin';

let database: TestDatabase;
let db: Db;

async function createMember(id: string, email: string, withProfile = true): Promise<void> {
  await db
    .insert(user)
    .values({ id, name: `Member ${id}`, email, emailVerified: true, role: 'user' });
  if (withProfile) {
    await db
      .insert(profiles)
      .values({ id, displayName: `Member ${id}` })
      .onConflictDoNothing();
  } else {
    // Simulates an account from before profiles were created at sign-up (or a trigger that made one).
    await db.delete(profiles).where(eq(profiles.id, id));
  }
}

async function adminState(id: string) {
  const [row] = await db
    .select({ role: user.role, isAdmin: profiles.isAdmin })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, id));
  return row;
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await createMember('alice', 'alice@example.com');
  await createMember('bob', 'bob@example.com');
  await createMember('carol', 'Carol.Mixed@Example.com');
  await createMember('dave', 'dave@example.com', false);
});

afterAll(async () => {
  await database?.close();
});

describe('setAdmin', () => {
  it('grants admin by e-mail regardless of case, setting both the profile flag and the role', async () => {
    expect(await setAdmin(db, '  ALICE@Example.COM ', true)).toEqual({ ok: true });
    expect(await adminState('alice')).toEqual({ role: 'admin', isAdmin: true });
    // Nobody else changes.
    expect(await adminState('bob')).toEqual({ role: 'user', isAdmin: false });
  });

  it('finds an account stored with mixed case', async () => {
    expect(await setAdmin(db, 'carol.mixed@example.com', true)).toEqual({ ok: true });
    expect(await adminState('carol')).toEqual({ role: 'admin', isAdmin: true });
  });

  it('revokes admin, back to a plain member', async () => {
    await setAdmin(db, 'bob@example.com', true);
    expect(await adminState('bob')).toEqual({ role: 'admin', isAdmin: true });
    expect(await setAdmin(db, 'bob@example.com', false)).toEqual({ ok: true });
    expect(await adminState('bob')).toEqual({ role: 'user', isAdmin: false });
  });

  it('is idempotent', async () => {
    await setAdmin(db, 'alice@example.com', true);
    expect(await setAdmin(db, 'alice@example.com', true)).toEqual({ ok: true });
    expect(await adminState('alice')).toEqual({ role: 'admin', isAdmin: true });
  });

  it('creates the missing profile of an older account', async () => {
    expect(await setAdmin(db, 'dave@example.com', true)).toEqual({ ok: true });
    expect(await adminState('dave')).toEqual({ role: 'admin', isAdmin: true });
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, 'dave'));
    expect(profile.displayName).toBe('Member dave');
  });

  it('reports no such account and changes nothing', async () => {
    const before = await db.select({ id: user.id, role: user.role }).from(user).orderBy(user.id);
    expect(await setAdmin(db, 'nobody@example.com', true)).toEqual({ ok: false });
    expect(await setAdmin(db, 'alice@example', true)).toEqual({ ok: false });
    expect(await db.select({ id: user.id, role: user.role }).from(user).orderBy(user.id)).toEqual(
      before,
    );
  });

  it('prefers the exact spelling when two accounts differ only in case', async () => {
    await createMember('erin_upper', 'ERIN@example.com');
    await createMember('erin_lower', 'erin@example.com');
    await setAdmin(db, 'erin@example.com', true);
    expect(await adminState('erin_lower')).toEqual({ role: 'admin', isAdmin: true });
    expect(await adminState('erin_upper')).toEqual({ role: 'user', isAdmin: false });
  });
});
