import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import {
  connectionActivity,
  consents,
  couponRedemptions,
  coupons,
  healthProfile,
  profiles,
  subscriptions,
  userSettings,
  weightHistory,
} from '../../../db/schema';
import { apiTokensOf } from '../../../queries/api-tokens';
import { syncLogForExport } from '../../../queries/bridge-deliveries';
import { connectionFuelForExport, fuelTargetsOf } from '../../../queries/fuel';
import { avatarKeyFromUrl } from '../../../queries/media-urls';
import { healthView } from '../health';
import { extension, iso, type ExportFile } from './export-values';

// The export's account sections, one reader each: profile, settings, consents, health, weights,
// connections, billing. The avatar goes among the files.

/** Profile, settings, consents, health, weights, connections, billing; the avatar among the files. */
export async function readAccountSections(db: DbOrTx, userId: string, now: Date) {
  const profile = await readProfile(db, userId, now);
  const sections = {
    profile: profile.section,
    settings: await readSettings(db, userId),
    consents: await readConsents(db, userId),
    healthProfile: await readHealthProfile(db, userId),
    weightHistory: await readWeightHistory(db, userId),
    // Connections (decision 0044): names, scopes and dates only; the tokens themselves were never kept.
    apiTokens: await apiTokensOf(db, userId),
    connectionActivity: await readConnectionActivity(db, userId),
    // Phone bridges (issue 45): the kept kinds' day totals, targets and the sync log; no payload.
    connectionFuel: await connectionFuelForExport(db, userId),
    fuelTargets: await fuelTargetsOf(db, userId),
    syncLog: await syncLogForExport(db, userId),
    subscription: await readSubscription(db, userId),
    couponRedemptions: await readCouponRedemptions(db, userId),
  };
  return { sections, files: profile.files };
}

/** The profile, and the avatar as a file of the ZIP (media/avatar.<ext>). */
async function readProfile(db: DbOrTx, userId: string, now: Date) {
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
  const avatarKey = avatarKeyFromUrl(profile?.avatarUrl ?? null);
  const avatarFile = avatarKey ? `media/avatar.${extension(avatarKey)}` : null;
  const files: ExportFile[] =
    avatarKey && avatarFile ? [{ name: avatarFile, key: avatarKey, mtime: now }] : [];
  const section = profile
    ? {
        displayName: profile.displayName,
        firstName: profile.firstName,
        lastName: profile.lastName,
        country: profile.country,
        unitPref: profile.unitPref,
        avatar: avatarFile,
        isAdmin: profile.isAdmin,
        healthIntakeSkippedAt: iso(profile.healthIntakeSkippedAt),
        createdAt: iso(profile.createdAt),
        updatedAt: iso(profile.updatedAt),
      }
    : null;
  return { section, files };
}

async function readSettings(db: DbOrTx, userId: string) {
  const [settings] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  return settings
    ? {
        reminderHour: settings.reminderHour,
        emailNudges: settings.emailNudges,
        pushNudges: settings.pushNudges,
        timezone: settings.timezone,
        pendingTimezone: settings.pendingTimezone,
        pendingTimezoneFrom: iso(settings.pendingTimezoneFrom),
      }
    : null;
}

async function readConsents(db: DbOrTx, userId: string) {
  const [consent] = await db.select().from(consents).where(eq(consents.userId, userId));
  return consent
    ? {
        tosAcceptedAt: iso(consent.tosAcceptedAt),
        healthDisclaimerAcceptedAt: iso(consent.healthDisclaimerAcceptedAt),
        marketingOptIn: consent.marketingOptIn,
        marketingOptedAt: iso(consent.marketingOptedAt),
      }
    : null;
}

async function readHealthProfile(db: DbOrTx, userId: string) {
  const [health] = await db.select().from(healthProfile).where(eq(healthProfile.userId, userId));
  return health ? healthView(health) : null;
}

async function readWeightHistory(db: DbOrTx, userId: string) {
  const weights = await db
    .select()
    .from(weightHistory)
    .where(eq(weightHistory.userId, userId))
    .orderBy(asc(weightHistory.recordedAt));
  return weights.map((w) => ({ weightKg: w.weightKg, recordedAt: iso(w.recordedAt) }));
}

/** The numbers the member's connections sent, day by day. */
async function readConnectionActivity(db: DbOrTx, userId: string) {
  const activity = await db
    .select()
    .from(connectionActivity)
    .where(eq(connectionActivity.userId, userId))
    .orderBy(asc(connectionActivity.localDate));
  return activity.map((a) => ({
    date: a.localDate,
    steps: a.steps,
    moveMinutes: a.movedMinutes,
    source: a.source,
    receivedAt: iso(a.receivedAt),
  }));
}

async function readSubscription(db: DbOrTx, userId: string) {
  const [subscription] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return subscription
    ? {
        status: subscription.status,
        priceId: subscription.priceId,
        currentPeriodEnd: iso(subscription.currentPeriodEnd),
        createdAt: iso(subscription.createdAt),
      }
    : null;
}

async function readCouponRedemptions(db: DbOrTx, userId: string) {
  const redemptions = await db
    .select({
      code: coupons.code,
      monthsFree: couponRedemptions.monthsFree,
      at: couponRedemptions.redeemedAt,
    })
    .from(couponRedemptions)
    .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
    .where(eq(couponRedemptions.userId, userId))
    .orderBy(asc(couponRedemptions.redeemedAt));
  return redemptions.map((r) => ({
    code: r.code,
    monthsFree: r.monthsFree,
    redeemedAt: iso(r.at),
  }));
}
