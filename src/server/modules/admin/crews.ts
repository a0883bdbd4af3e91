import { eq, sql } from 'drizzle-orm';
import type { AdminCrewsPage, OkResponse } from '@shared/api-types';
import { msg } from '@shared/messages';
import { queryRows } from '../../db/client';
import { crews } from '../../db/schema';
import { audit } from '../../lib/audit';
import { requireAdmin, withTransaction, type ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { ADMIN_PAGE_SIZE, readCursor, uuidCursors } from './paging';
import { closeCrewNow } from '../../queries/crew-rows';
import { currentCrewCycles } from '../../queries/crew-cycles';

/** The admin's Crews screen: every crew, newest first, with owner, member count and state. */
export async function listCrews(
  ctx: ServiceContext,
  input: { cursor?: string },
): Promise<AdminCrewsPage> {
  requireAdmin(ctx);
  const after = readCursor(input.cursor);
  const rows = await queryRows(
    ctx.db,
    sql`select c.id, c.name, c.created_at, c.closed_at, op.display_name as owner_name,
          (select count(*)::int from crew_members m where m.crew_id = c.id) as member_count
        from crews c left join profiles op on op.id = c.owner_id
        ${after ? sql`where (c.created_at, c.id) < (${after.t}::timestamptz, ${after.id}::uuid)` : sql``}
        order by c.created_at desc, c.id desc
        limit ${ADMIN_PAGE_SIZE + 1}`,
  );
  const page = rows.slice(0, ADMIN_PAGE_SIZE);
  const last = page.at(-1);
  const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());
  // Each crew's scheduled or running cycle (issue 44).
  const cycles = await currentCrewCycles(
    ctx.db,
    page.map((r) => String(r.id)),
    ctx.now().toISOString().slice(0, 10),
  );
  return {
    crews: page.map((r) => ({
      id: String(r.id),
      name: String(r.name),
      ownerName: (r.owner_name as string | null) ?? null,
      memberCount: Number(r.member_count),
      createdAt: iso(r.created_at)!,
      closedAt: iso(r.closed_at),
      cycle: cycles.get(String(r.id)) ?? null,
    })),
    nextCursor:
      rows.length > ADMIN_PAGE_SIZE && last
        ? uuidCursors.encode(iso(last.created_at)!, String(last.id))
        : null,
  };
}

/** An admin closes a crew (audited): as when its owner does. */
export async function closeCrewAsAdmin(
  ctx: ServiceContext,
  input: { crewId: string },
): Promise<OkResponse> {
  requireAdmin(ctx);
  await withTransaction(ctx, async (ctx) => {
    const [crew] = await ctx.db
      .select()
      .from(crews)
      .where(eq(crews.id, input.crewId))
      .for('update');
    if (!crew) throw new AppError('not_found', msg.crewNotFound);
    if (crew.closedAt) return;
    const [{ n }] = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from crew_members where crew_id = ${crew.id}::uuid`,
    );
    await closeCrewNow(ctx.db, crew.id, ctx.now());
    await audit(ctx, {
      action: 'crew.close',
      target: { type: 'crew', id: crew.id },
      before: { name: crew.name, ownerId: crew.ownerId, members: Number(n) },
      after: { closed: true },
    });
  });
  return { ok: true };
}
