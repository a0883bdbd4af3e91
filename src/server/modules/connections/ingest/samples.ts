/**
 * What a phone bridge's delivery comes to, whichever app sent it (issue 45, decision 0106): samples
 * of the four kept kinds, each with the instant it starts and a key the app's own fields make, so a
 * resend replaces a sample instead of adding it. The readers (health-auto-export.ts,
 * health-connect.ts) make them; nothing else of a payload is read.
 */
import { createHash } from 'node:crypto';
import { localDateIn } from '@shared/domain/local-date';

/**
 * The kept kinds: steps; the phone's own exercise-time metric (Apple's exercise minutes); exercise
 * sessions' minutes (used only on a day without the metric, never both); water; protein.
 */
export const SAMPLE_KINDS = [
  'steps',
  'exercise_minutes',
  'session_minutes',
  'water_ml',
  'protein_g',
] as const;
export type SampleKind = (typeof SAMPLE_KINDS)[number];

export interface BridgeSample {
  kind: SampleKind;
  /** A hash of the fields the app identifies the sample by (its times, origin, name). */
  key: string;
  /** When the sample starts: it counts for the member's local day of this instant. */
  at: Date;
  amount: number;
}

/** What a reader made of a delivery: its samples, and whether the app marked it as a test. */
export interface BridgeDelivery {
  test: boolean;
  samples: BridgeSample[];
}

/** A part of a payload a reader cannot read: the first bad path and what is wrong there. */
export class BridgeShapeError extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${path}: ${problem}`);
  }
}

/** A sample's key: the kind and the app's identifying fields, hashed (the fields themselves are not kept). */
export function sampleKey(kind: SampleKind, ...fields: (string | number | undefined)[]): string {
  return createHash('sha256')
    .update([kind, ...fields.map((f) => (f === undefined ? '' : String(f)))].join('\u001f'))
    .digest('base64url');
}

export interface DaySamples {
  /** The samples of the member's today, one per key (the last one sent wins). */
  today: BridgeSample[];
  /** Samples of days that have ended: never used (decision 0045: today only). */
  dayClosed: number;
  /** Samples dated after today (a phone clock ahead): never used. */
  notStarted: number;
}

/** Sorts a delivery's samples by the member's local day: today's are kept, the others counted. */
export function samplesOfToday(
  samples: readonly BridgeSample[],
  today: string,
  timeZone: string,
): DaySamples {
  const kept = new Map<string, BridgeSample>();
  let dayClosed = 0;
  let notStarted = 0;
  for (const sample of samples) {
    const day = localDateIn(sample.at, timeZone);
    if (day < today) dayClosed++;
    else if (day > today) notStarted++;
    else kept.set(`${sample.kind}:${sample.key}`, sample);
  }
  return { today: [...kept.values()], dayClosed, notStarted };
}

/** A day's totals of one app's samples, as the check-in reads them. */
export interface DayTotals {
  steps: number | null;
  moveMinutes: number | null;
  waterMl: number | null;
  proteinG: number | null;
}

/**
 * The day's totals from its samples' sums per kind. Move minutes are the phone's exercise-time
 * metric when the day has any, else the exercise sessions' minutes: never both, so a workout is not
 * counted twice. A session's own steps are never added (they are already in the day's steps).
 */
export function dayTotals(sums: Partial<Record<SampleKind, number>>): DayTotals {
  const minutes = sums.exercise_minutes ?? sums.session_minutes;
  return {
    steps: sums.steps ?? null,
    moveMinutes: minutes ?? null,
    waterMl: sums.water_ml ?? null,
    proteinG: sums.protein_g ?? null,
  };
}
