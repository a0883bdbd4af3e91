import { describe, expect, it } from 'vitest';
import { msg } from '@shared/messages';
import { bridgeFixtureOn, FIXTURE_DAY } from '../../../testing/bridge-fixtures';
import {
  healthAutoExportPayload,
  parseHealthAutoExportDate,
  readHealthAutoExport,
} from './health-auto-export';
import { healthConnectPayload, readHealthConnect } from './health-connect';
import { BridgeShapeError, dayTotals, samplesOfToday, type BridgeDelivery } from './samples';

// The two readers, on the fixtures written from each app's documentation: what a member's day comes to.

const hae = (name: Parameters<typeof bridgeFixtureOn>[1]) =>
  readHealthAutoExport(
    healthAutoExportPayload.parse(bridgeFixtureOn('health-auto-export', name, FIXTURE_DAY)),
  );
const hc = (name: Parameters<typeof bridgeFixtureOn>[1]) =>
  readHealthConnect(
    healthConnectPayload.parse(bridgeFixtureOn('health-connect', name, FIXTURE_DAY)),
  );

/** A delivery's totals for FIXTURE_DAY in a zone, summed as the database sums them. */
function totalsIn(delivery: BridgeDelivery, timeZone: string) {
  const day = samplesOfToday(delivery.samples, FIXTURE_DAY, timeZone);
  const sums: Record<string, number> = {};
  for (const s of day.today) sums[s.kind] = (sums[s.kind] ?? 0) + s.amount;
  const totals = dayTotals(sums);
  const round = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);
  return {
    steps: round(totals.steps),
    moveMinutes: round(totals.moveMinutes),
    waterMl: round(totals.waterMl),
    proteinG: round(totals.proteinG),
    dayClosed: day.dayClosed,
    notStarted: day.notStarted,
  };
}

describe('Health Auto Export', () => {
  it('reads its dates with their own offsets', () => {
    expect(parseHealthAutoExportDate('2026-11-28 07:30:00 -0700')?.toISOString()).toBe(
      '2026-11-28T14:30:00.000Z',
    );
    expect(parseHealthAutoExportDate('2026-11-28 01:30:00 +0530')?.toISOString()).toBe(
      '2026-11-27T20:00:00.000Z',
    );
    expect(parseHealthAutoExportDate('2026-11-28')).toBeNull();
    expect(parseHealthAutoExportDate('yesterday')).toBeNull();
  });

  it('refuses a date that does not exist instead of rolling it into the next day', () => {
    for (const impossible of [
      '2026-11-28 24:00:00 +0000',
      '2026-11-28 23:60:00 +0000',
      '2026-11-28 23:59:60 +0000',
      '2026-02-30 10:00:00 +0000',
      '2026-11-31 10:00:00 +0000',
      '2026-00-10 10:00:00 +0000',
      '2026-11-00 10:00:00 +0000',
      '2026-11-28 10:00:00 +1500',
      '2026-11-28 10:00:00 -1300',
      '2026-11-28 10:00:00 +0560',
    ]) {
      expect(parseHealthAutoExportDate(impossible), impossible).toBeNull();
    }
    expect(parseHealthAutoExportDate('2028-02-29 10:00:00 +1400')?.toISOString()).toBe(
      '2028-02-28T20:00:00.000Z',
    );
    expect(parseHealthAutoExportDate('2026-11-28 10:00:00 -1200')?.toISOString()).toBe(
      '2026-11-28T22:00:00.000Z',
    );
  });

  it('a full day: steps, the exercise-time metric (not the workout too), water and protein; nothing else', () => {
    const delivery = hae('full-day');
    expect(delivery.test).toBe(false);
    expect(new Set(delivery.samples.map((s) => s.kind))).toEqual(
      new Set(['steps', 'exercise_minutes', 'session_minutes', 'water_ml', 'protein_g']),
    );
    expect(totalsIn(delivery, 'America/Phoenix')).toEqual({
      steps: 8432,
      moveMinutes: 37,
      waterMl: 2250,
      proteinG: 127.5,
      dayClosed: 0,
      notStarted: 0,
    });
    // The heart rate, weight, sleep, route and mood values are in no sample.
    const amounts = delivery.samples.map((s) => s.amount);
    for (const dropped of [173.25, 83.417, 7.3125, 612.75, 5100, 33.448376, 0.61])
      expect(amounts).not.toContain(dropped);
  });

  it('the test delivery is a test', () => {
    expect(hae('test-delivery')).toEqual({ test: true, samples: [] });
  });

  it('yesterday’s samples are all of a closed day', () => {
    expect(totalsIn(hae('yesterday'), 'America/Phoenix')).toMatchObject({
      steps: null,
      dayClosed: 3,
    });
  });

  it('a payload spanning midnight: only the member’s today counts, whatever offset a date carries', () => {
    expect(totalsIn(hae('spanning-midnight'), 'America/Phoenix')).toEqual({
      steps: 1000,
      moveMinutes: 12,
      waterMl: null,
      proteinG: null,
      dayClosed: 3,
      notStarted: 0,
    });
    // In New York the same instants fall otherwise: 01:30 -0500 is today there.
    expect(totalsIn(hae('spanning-midnight'), 'America/New_York')).toMatchObject({
      steps: 2300,
      dayClosed: 0,
    });
  });

  it('other units: fluid ounces, hours and milligrams become millilitres, minutes and grams', () => {
    expect(totalsIn(hae('other-units'), 'America/Phoenix')).toEqual({
      steps: 5000,
      moveMinutes: 45,
      waterMl: 2129.3,
      proteinG: 30,
      dayClosed: 0,
      notStarted: 0,
    });
  });

  it('duplicates count once, and a workout is its minutes without the metric', () => {
    expect(totalsIn(hae('duplicates'), 'America/Phoenix')).toMatchObject({
      steps: 5500,
      moveMinutes: 30,
    });
  });

  it('a unit it cannot read and a quantity that is not a number are refused at their path', () => {
    const payload = (metric: object) =>
      healthAutoExportPayload.parse({
        data: { metrics: [{ name: 'heart_rate', units: 'bpm', data: [{}] }, metric] },
      });
    expect(() =>
      readHealthAutoExport(
        payload({
          name: 'dietary_water',
          units: 'hogshead',
          data: [{ qty: 1, date: '2026-11-28 09:00:00 -0700' }],
        }),
      ),
    ).toThrow(new BridgeShapeError('data.metrics.1.units', msg.bridgeUnknownUnit('hogshead')));
    expect(() =>
      readHealthAutoExport(
        payload({
          name: 'step_count',
          units: 'count',
          data: [
            { qty: 5, date: '2026-11-28 09:00:00 -0700' },
            { qty: 'many', date: '2026-11-28 10:00:00 -0700' },
          ],
        }),
      ),
    ).toThrow(new BridgeShapeError('data.metrics.1.data.1.qty', msg.bridgeNotANumber));
    // An amount no body reaches (a unit mix-up, or Infinity's neighbours) is refused too.
    expect(() =>
      readHealthAutoExport(
        payload({
          name: 'dietary_water',
          units: 'L',
          data: [{ qty: 1e308, date: '2026-11-28 09:00:00 -0700' }],
        }),
      ),
    ).toThrow(new BridgeShapeError('data.metrics.1.data.0.qty', msg.bridgeAmountTooLarge));
    // A dropped kind is never read, so nothing in it can be wrong.
    expect(() => payload({ name: 'step_count', units: 'count', data: [] })).not.toThrow();
  });
});

describe('Health Connect to Webhook', () => {
  it('a full day: steps, sessions’ minutes (not their steps), water and protein; nothing else', () => {
    const delivery = hc('full-day');
    expect(totalsIn(delivery, 'Asia/Tokyo')).toEqual({
      steps: 10050,
      moveMinutes: 61,
      waterMl: 2150,
      proteinG: 87.5,
      dayClosed: 0,
      notStarted: 0,
    });
    const amounts = delivery.samples.map((s) => s.amount);
    for (const dropped of [173, 96.25, 83.417, 26325, 5421.75, 612.75, 97.5, 420])
      expect(amounts).not.toContain(dropped);
  });

  it('the test delivery (test: true) is a test', () => {
    expect(hc('test-delivery').test).toBe(true);
  });

  it('instants are UTC: a payload spanning midnight in Tokyo keeps only Tokyo’s today', () => {
    expect(totalsIn(hc('spanning-midnight'), 'Asia/Tokyo')).toEqual({
      steps: 300,
      moveMinutes: 15,
      waterMl: null,
      proteinG: null,
      dayClosed: 2,
      notStarted: 0,
    });
    expect(totalsIn(hc('yesterday'), 'Asia/Tokyo')).toMatchObject({ steps: null, dayClosed: 2 });
  });

  it('litres and grams, and duplicates counted once', () => {
    expect(totalsIn(hc('other-units'), 'Asia/Tokyo')).toMatchObject({
      waterMl: 1000,
      proteinG: 64.2,
    });
    expect(totalsIn(hc('duplicates'), 'Asia/Tokyo')).toMatchObject({
      steps: 3700,
      moveMinutes: 30,
    });
  });

  it('names the first bad path of a kept kind, and never reads a dropped one', () => {
    const bad = healthConnectPayload.safeParse({
      heart_rate: [{ bpm: 'fast' }],
      hydration: [
        { liters: '2', start_time: '2026-11-28T01:00:00Z', end_time: '2026-11-28T01:00:00Z' },
      ],
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].path).toEqual(['hydration', 0, 'liters']);
    expect(healthConnectPayload.safeParse({ heart_rate: [{ bpm: 'fast' }] }).success).toBe(true);
  });
});
