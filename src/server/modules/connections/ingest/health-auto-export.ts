/**
 * Health Auto Export (iPhone), REST API automation, JSON, workouts export version 2, as its maker
 * documents it (help.healthyapps.dev, "Health Metrics" and "Workouts" JSON export format; decision
 * 0106). A delivery is `{ data: { metrics: [{ name, units, data: [{ qty, date }] }], workouts: [...] } }`
 * with dates as `yyyy-MM-dd HH:mm:ss Z`, each carrying its own offset.
 *
 * Read: the metrics `step_count`, `apple_exercise_time`, `dietary_water` and `protein`, and each
 * workout's `start` and `duration` (seconds). Every other metric, every other workout field (heart
 * rate, route, energy...) and every other array of `data` is dropped unread.
 */
import { z } from 'zod';
import {
  BRIDGE_SAMPLE_AMOUNT_MAX,
  ML_PER_IMPERIAL_FL_OZ,
  ML_PER_US_CUP,
  ML_PER_US_FL_OZ,
} from '@shared/constants';
import { msg } from '@shared/messages';
import {
  BridgeShapeError,
  sampleKey,
  type BridgeDelivery,
  type BridgeSample,
  type SampleKind,
} from './samples';

const haeDate = z.string({ error: () => msg.bridgeNotADate }).meta({
  description: 'A date as Health Auto Export writes it: `yyyy-MM-dd HH:mm:ss Z`.',
  example: '2026-11-28 07:30:00 -0700',
});

const Metric = z
  .looseObject({
    name: z.string().meta({ example: 'step_count' }),
    units: z.string().meta({ example: 'count' }),
    data: z.array(z.unknown()).meta({
      description:
        'Data points. Read only for `step_count`, `apple_exercise_time`, `dietary_water` and `protein`: `{ qty, date, source? }`.',
    }),
  })
  .meta({ id: 'HealthAutoExportMetric' });

const Workout = z
  .looseObject({
    id: z.string().optional(),
    name: z.string().optional(),
    start: haeDate,
    end: haeDate.optional(),
    duration: z.number({ error: () => msg.bridgeNotANumber }).meta({ description: 'Seconds.' }),
  })
  .meta({
    id: 'HealthAutoExportWorkout',
    description: 'A workout, export version 2. Only `id`, `start` and `duration` are read.',
  });

/** The request body of POST /api/v1/ingest/health-auto-export. */
export const healthAutoExportPayload = z
  .looseObject({
    data: z.looseObject({
      metrics: z.array(Metric).optional(),
      workouts: z.array(Workout).optional(),
    }),
  })
  .meta({
    id: 'HealthAutoExportPayload',
    description:
      'Health Auto Export’s REST API automation, JSON format, workouts export version 2, sent as the app sends it.',
  });
export type HealthAutoExportPayload = z.infer<typeof healthAutoExportPayload>;

/** Each kept metric: its kind and how its units become the kind's own (count, minutes, mL, g). */
const KEPT_METRICS: Record<string, { kind: SampleKind; units: Record<string, number> }> = {
  step_count: { kind: 'steps', units: { count: 1 } },
  apple_exercise_time: { kind: 'exercise_minutes', units: { min: 1, s: 1 / 60, hr: 60 } },
  dietary_water: {
    kind: 'water_ml',
    units: {
      ml: 1,
      l: 1000,
      cl: 10,
      dl: 100,
      fl_oz_us: ML_PER_US_FL_OZ,
      fl_oz_imp: ML_PER_IMPERIAL_FL_OZ,
      cup_us: ML_PER_US_CUP,
    },
  },
  protein: { kind: 'protein_g', units: { g: 1, mg: 0.001, kg: 1000, oz: 28.349523125 } },
};

const Point = z.looseObject({
  qty: z
    .number({ error: () => msg.bridgeNotANumber })
    .min(0, { error: () => msg.bridgeNotANumber })
    .max(BRIDGE_SAMPLE_AMOUNT_MAX, { error: () => msg.bridgeAmountTooLarge }),
  date: haeDate,
  source: z.string().optional(),
});

const HAE_DATE =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d+)? ?([+-])(\d{2}):?(\d{2})$/;

/** The instant of a Health Auto Export date (`2026-11-28 07:30:00 -0700`), or null if it is not one. */
export function parseHealthAutoExportDate(text: string): Date | null {
  const m = HAE_DATE.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, sign, oh, om] = m;
  const offsetMinutes = (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om));
  // Offsets on Earth run from -12:00 to +14:00; Date.UTC would roll an hour of 24, a minute of 60 or
  // 30 February into the next day, so a field out of its range refuses the date instead.
  if (+om > 59 || offsetMinutes < -12 * 60 || offsetMinutes > 14 * 60) return null;
  if (+h > 23 || +mi > 59 || +s > 59) return null;
  const local = new Date(Date.UTC(+y, +mo - 1, +d));
  if (
    local.getUTCFullYear() !== +y ||
    local.getUTCMonth() !== +mo - 1 ||
    local.getUTCDate() !== +d
  ) {
    return null;
  }
  const at = new Date(Date.UTC(+y, +mo - 1, +d, +h, +mi, +s) - offsetMinutes * 60_000);
  return Number.isNaN(at.getTime()) ? null : at;
}

function instant(text: string, path: string): Date {
  const at = parseHealthAutoExportDate(text);
  if (!at) throw new BridgeShapeError(path, msg.bridgeNotADate);
  return at;
}

/**
 * An unknown unit as a refusal names it: its first 20 characters (whole code points) without
 * control, format or lone surrogate characters, which PostgreSQL's jsonb refuses (NUL, an unpaired
 * surrogate) or which would disguise the sync log's line (an escape, a direction override).
 */
function namedUnit(units: string): string {
  return Array.from(units.replace(/[\p{Cc}\p{Cf}\p{Cs}]/gu, ''))
    .slice(0, 20)
    .join('');
}

/** The samples of the kept kinds in a Health Auto Export delivery. */
export function readHealthAutoExport(payload: HealthAutoExportPayload): BridgeDelivery {
  const samples: BridgeSample[] = [];
  const metrics = payload.data.metrics ?? [];
  metrics.forEach((metric, i) => {
    const kept = KEPT_METRICS[metric.name];
    if (!kept) return; // dropped unread
    const factor = kept.units[metric.units.toLowerCase()];
    if (factor === undefined)
      throw new BridgeShapeError(
        `data.metrics.${i}.units`,
        msg.bridgeUnknownUnit(namedUnit(metric.units)),
      );
    metric.data.forEach((raw, j) => {
      const path = `data.metrics.${i}.data.${j}`;
      const point = Point.safeParse(raw);
      if (!point.success) {
        const issue = point.error.issues[0];
        throw new BridgeShapeError([path, ...issue.path].join('.'), issue.message);
      }
      const { qty, date, source } = point.data;
      samples.push({
        kind: kept.kind,
        key: sampleKey(kept.kind, metric.name, date, source),
        at: instant(date, `${path}.date`),
        amount: qty * factor,
      });
    });
  });
  (payload.data.workouts ?? []).forEach((workout, i) => {
    const at = instant(workout.start, `data.workouts.${i}.start`);
    if (workout.duration < 0)
      throw new BridgeShapeError(`data.workouts.${i}.duration`, msg.bridgeNotANumber);
    samples.push({
      kind: 'session_minutes',
      key: sampleKey('session_minutes', workout.id ?? `${workout.start}|${workout.end ?? ''}`),
      at,
      amount: workout.duration / 60,
    });
  });
  // The app documents no test flag: a delivery with nothing in it at all is what its test run sends.
  const empty = metrics.every((m) => m.data.length === 0) && !payload.data.workouts?.length;
  return { test: empty, samples };
}
