import type { DbOrTx } from './client';
import { crewCycleMembers, crewCycles, crewMembers, crews } from './schema';
import {
  crewCycleStartDate,
  historyMemberId,
  type HistoriesFile,
  type PlannedMember,
} from './seed-histories';

// The crews of a histories file (issues 43 and 44), written in seed-histories-write.ts's transaction.

/** The file's crews with their members; answers their ids, in the file's order. */
export async function writeCrews(tx: DbOrTx, file: HistoriesFile, now: Date): Promise<string[]> {
  const ids: string[] = [];
  const idOf = (email: string) => historyMemberId(email);
  for (const crew of file.crews) {
    const [row] = await tx
      .insert(crews)
      .values({ name: crew.name, ownerId: idOf(crew.owner), createdAt: now })
      .returning({ id: crews.id });
    ids.push(row.id);
    await tx.insert(crewMembers).values(
      [crew.owner, ...crew.members].map((email, i) => ({
        crewId: row.id,
        userId: idOf(email),
        joinedAt: new Date(now.getTime() + i),
      })),
    );
  }
  return ids;
}

/**
 * The crews' cycles (issue 44): scheduled, or started with every member of the crew on it, their
 * cycle starting on their Day 1 (the start date, or the day they joined).
 */
export async function writeCrewCycles(
  tx: DbOrTx,
  file: HistoriesFile,
  written: { planned: PlannedMember[]; cycleIds: string[]; crewIds: string[] },
  now: Date,
): Promise<void> {
  const { planned, cycleIds, crewIds } = written;
  const indexOf = new Map(planned.map((p, i) => [p.member.email.toLowerCase(), i]));
  for (const [c, crew] of file.crews.entries()) {
    if (crew.cycleStart === undefined) continue;
    const crewId = crewIds[c];
    const startDate = crewCycleStartDate(crew.cycleStart, now);
    const [row] = await tx
      .insert(crewCycles)
      .values({
        crewId,
        startDate,
        mode: crew.mode ?? 'forgiving',
        goalMinutes: crew.goalMinutes ?? null,
        createdBy: historyMemberId(crew.owner),
        createdAt: now,
      })
      .returning({ id: crewCycles.id });
    if (crew.cycleStart > 0) continue;
    for (const email of [crew.owner, ...crew.members]) {
      const i = indexOf.get(email.toLowerCase())!;
      await tx.insert(crewCycleMembers).values({
        crewCycleId: row.id,
        crewId,
        userId: historyMemberId(email),
        choice: 'move',
        chosenOn: planned[i].startDate,
        chosenAt: now,
        cycleId: cycleIds[i],
      });
    }
  }
}
