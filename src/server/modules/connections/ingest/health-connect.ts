/**
 * Health Connect to Webhook (Android, mcnaveen/health-connect-webhook), as its source builds the
 * POST body (SyncManager.buildJsonPayload, docs/webhook.md; decision 0106): one object with
 * `timestamp`, `app_version`, `test: true` on the app's test delivery, and one snake_case array per
 * data type that has records. Times are UTC instants (`2026-11-28T14:00:00Z`).
 *
 * Read: `steps` (count), `exercise` (start_time, duration_seconds), `hydration` (liters) and the
 * `protein_grams` of `nutrition`. Every other array (heart_rate, sleep, weight, ...) and every other
 * field (a session's steps, a meal's name or calories) is dropped unread.
 */
import { z } from 'zod';
import { BRIDGE_SAMPLE_AMOUNT_MAX } from '@shared/constants';
import { msg } from '@shared/messages';
import { sampleKey, type BridgeDelivery, type BridgeSample } from './samples';

const instant = z.iso
  .datetime({ offset: true, error: () => msg.bridgeNotADate })
  .meta({ example: '2026-11-28T14:00:00Z' });
const amount = z
  .number({ error: () => msg.bridgeNotANumber })
  .min(0, { error: () => msg.bridgeNotANumber })
  .max(BRIDGE_SAMPLE_AMOUNT_MAX, { error: () => msg.bridgeAmountTooLarge });
const Metadata = z.looseObject({ data_origin: z.string().optional() }).optional();

const Interval = { start_time: instant, end_time: instant, metadata: Metadata };

const Steps = z.looseObject({ count: amount, ...Interval }).meta({ id: 'HealthConnectSteps' });
const Exercise = z
  .looseObject({ type: z.string().optional(), duration_seconds: amount, ...Interval })
  .meta({
    id: 'HealthConnectExercise',
    description:
      'An exercise session: only its times and `duration_seconds` are read (never its steps).',
  });
const Hydration = z
  .looseObject({ liters: amount, ...Interval })
  .meta({ id: 'HealthConnectHydration' });
const Nutrition = z
  .looseObject({ protein_grams: amount.optional(), name: z.string().optional(), ...Interval })
  .meta({
    id: 'HealthConnectNutrition',
    description: 'A meal or item: only its `protein_grams` is read.',
  });

/** The request body of POST /api/v1/ingest/health-connect. */
export const healthConnectPayload = z
  .looseObject({
    timestamp: z.string().optional(),
    app_version: z.string().optional(),
    test: z.boolean().optional().meta({ description: 'Set by the app’s test delivery.' }),
    steps: z.array(Steps).optional(),
    exercise: z.array(Exercise).optional(),
    hydration: z.array(Hydration).optional(),
    nutrition: z.array(Nutrition).optional(),
  })
  .meta({
    id: 'HealthConnectPayload',
    description:
      'Health Connect to Webhook’s POST body as the app sends it. Arrays of other types are accepted and dropped unread.',
  });
export type HealthConnectPayload = z.infer<typeof healthConnectPayload>;

const origin = (r: { metadata?: { data_origin?: string } }) => r.metadata?.data_origin;

/** The samples of the kept kinds in a Health Connect to Webhook delivery. */
export function readHealthConnect(payload: HealthConnectPayload): BridgeDelivery {
  const samples: BridgeSample[] = [];
  for (const r of payload.steps ?? [])
    samples.push({
      kind: 'steps',
      key: sampleKey('steps', r.start_time, r.end_time, origin(r)),
      at: new Date(r.start_time),
      amount: r.count,
    });
  for (const r of payload.exercise ?? [])
    samples.push({
      kind: 'session_minutes',
      key: sampleKey('session_minutes', r.start_time, r.end_time, r.type, origin(r)),
      at: new Date(r.start_time),
      amount: r.duration_seconds / 60,
    });
  for (const r of payload.hydration ?? [])
    samples.push({
      kind: 'water_ml',
      key: sampleKey('water_ml', r.start_time, r.end_time, origin(r)),
      at: new Date(r.start_time),
      amount: r.liters * 1000,
    });
  for (const r of payload.nutrition ?? [])
    if (r.protein_grams !== undefined)
      samples.push({
        kind: 'protein_g',
        key: sampleKey('protein_g', r.start_time, r.end_time, r.name, origin(r)),
        at: new Date(r.start_time),
        amount: r.protein_grams,
      });
  return { test: payload.test === true, samples };
}
