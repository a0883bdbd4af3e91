/**
 * The member's own settings (reminders, nudges, time zone) and consents (terms, health disclaimer,
 * marketing), in the service shape of decision 0011.
 */
import { eq } from 'drizzle-orm';
import { DEFAULT_SETTINGS_TIMEZONE, SETTINGS_TIMEZONES } from '@shared/constants';
import type {
  ConsentsSavedResponse,
  ConsentsView,
  SettingsResponse,
  SettingsSavedResponse,
  SettingsView,
} from '@shared/api-types';
import type { ConsentsData } from '@shared/domain/profile-schemas';
import type { SettingsData } from '@shared/domain/schemas';
import { msg } from '@shared/messages';
import type { DbOrTx } from '../../db/client';
import { consents, userSettings } from '../../db/schema';
import { requireMember, withTransaction, type ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import {
  applyPendingTimeZone,
  effectiveTimeZone,
  planTimeZoneChange,
} from '../../queries/time-zone';
import { forgetSessionsAfterCommit } from '../../lib/session-cache';

type SettingsRow = typeof userSettings.$inferSelect;
type ConsentsRow = typeof consents.$inferSelect;

/** The settings row (made with the defaults when missing: accounts get one at creation, migration 0001). */
async function settingsRow(db: DbOrTx, userId: string, lock = false): Promise<SettingsRow> {
  await db
    .insert(userSettings)
    .values({ userId, timezone: DEFAULT_SETTINGS_TIMEZONE })
    .onConflictDoNothing();
  const query = db.select().from(userSettings).where(eq(userSettings.userId, userId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

async function consentsRow(db: DbOrTx, userId: string, lock = false): Promise<ConsentsRow> {
  await db.insert(consents).values({ userId }).onConflictDoNothing();
  const query = db.select().from(consents).where(eq(consents.userId, userId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

function settingsView(row: SettingsRow, now: Date): SettingsView {
  return {
    reminderHour: row.reminderHour,
    emailNudges: row.emailNudges,
    pushNudges: row.pushNudges,
    weeklyReviewEmail: row.weeklyReviewEmail,
    timezone: row.pendingTimezone ?? row.timezone,
    timezoneInEffect: effectiveTimeZone(row, now),
  };
}

function consentsView(row: ConsentsRow): ConsentsView {
  return {
    tosAcceptedAt: row.tosAcceptedAt?.toISOString() ?? null,
    healthDisclaimerAcceptedAt: row.healthDisclaimerAcceptedAt?.toISOString() ?? null,
    marketingOptIn: row.marketingOptIn,
    marketingOptedAt: row.marketingOptedAt?.toISOString() ?? null,
  };
}

export async function getSettings(ctx: ServiceContext): Promise<SettingsResponse> {
  const member = requireMember(ctx);
  const now = ctx.now();
  return withTransaction(ctx, async (ctx) => {
    await applyPendingTimeZone(ctx.db, member.userId, now);
    return {
      settings: settingsView(await settingsRow(ctx.db, member.userId), now),
      consents: consentsView(await consentsRow(ctx.db, member.userId)),
    };
  });
}

/**
 * Notifications and time zone. The zone is one of the 14 on the form, or the member's own (the
 * browser's at sign-up may be another), and a change never moves today to another date: see
 * planTimeZoneChange.
 */
export async function updateSettings(
  ctx: ServiceContext,
  input: SettingsData,
): Promise<SettingsSavedResponse> {
  const member = requireMember(ctx);
  const now = ctx.now();
  return withTransaction(ctx, async (ctx) => {
    const row = await settingsRow(ctx.db, member.userId, true);
    const own = [row.timezone, row.pendingTimezone];
    const listed = SETTINGS_TIMEZONES.some((zone) => zone.value === input.timezone);
    if (!listed && !own.includes(input.timezone)) {
      throw new AppError('validation_failed', msg.invalidTimeZone, {
        fields: { timezone: msg.invalidTimeZone },
      });
    }
    const zone = planTimeZoneChange(row, input.timezone, now);
    const [saved] = await ctx.db
      .update(userSettings)
      .set({
        reminderHour: input.reminderHour,
        emailNudges: input.emailNudges,
        pushNudges: input.pushNudges,
        ...(input.weeklyReviewEmail === undefined
          ? {}
          : { weeklyReviewEmail: input.weeklyReviewEmail }),
        ...zone,
        updatedAt: now,
      })
      .where(eq(userSettings.userId, member.userId))
      .returning();
    // The member's time zone is part of their session.
    forgetSessionsAfterCommit(ctx);
    return { settings: settingsView(saved, now) };
  });
}

/**
 * Terms and the health disclaimer are recorded once, at their first acceptance. Marketing e-mails
 * switch on and off, and the time of the latest change is kept.
 */
export async function updateConsents(
  ctx: ServiceContext,
  input: ConsentsData,
): Promise<ConsentsSavedResponse> {
  const member = requireMember(ctx);
  const now = ctx.now();
  return withTransaction(ctx, async (ctx) => {
    const row = await consentsRow(ctx.db, member.userId, true);
    const marketingChanged =
      input.marketingOptIn !== undefined && input.marketingOptIn !== row.marketingOptIn;
    const [saved] = await ctx.db
      .update(consents)
      .set({
        tosAcceptedAt: input.tosAccepted ? (row.tosAcceptedAt ?? now) : row.tosAcceptedAt,
        healthDisclaimerAcceptedAt: input.healthDisclaimerAccepted
          ? (row.healthDisclaimerAcceptedAt ?? now)
          : row.healthDisclaimerAcceptedAt,
        marketingOptIn: input.marketingOptIn ?? row.marketingOptIn,
        marketingOptedAt: marketingChanged ? now : row.marketingOptedAt,
      })
      .where(eq(consents.userId, member.userId))
      .returning();
    return { consents: consentsView(saved) };
  });
}
