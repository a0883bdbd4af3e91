import { asc, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { notificationLogs, session } from '../../../db/schema';
import { iso } from './export-values';

// The export's access sections, one reader each: the member's sessions and the e-mails sent to them.

/** Sessions and the e-mails sent to the member. */
export async function readAccessSections(db: DbOrTx, userId: string, email: string) {
  return {
    sessions: await readSessions(db, userId),
    emails: await readEmails(db, userId, email),
  };
}

async function readSessions(db: DbOrTx, userId: string) {
  const sessionRows = await db
    .select()
    .from(session)
    .where(eq(session.userId, userId))
    .orderBy(asc(session.createdAt));
  return sessionRows.map((s) => ({
    createdAt: iso(s.createdAt),
    expiresAt: iso(s.expiresAt),
    ipAddress: s.ipAddress,
    userAgent: s.userAgent,
  }));
}

/** The e-mails logged for the member's account or sent to their address. */
async function readEmails(db: DbOrTx, userId: string, email: string) {
  const notificationRows = await db
    .select()
    .from(notificationLogs)
    .where(or(eq(notificationLogs.userId, userId), eq(notificationLogs.toEmail, email)))
    .orderBy(asc(notificationLogs.createdAt));
  return notificationRows.map((n) => ({
    kind: n.kind,
    subject: n.subject,
    status: n.sendStatus,
    sentAt: iso(n.sentAt),
    createdAt: iso(n.createdAt),
  }));
}
