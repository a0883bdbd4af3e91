import { readFileSync } from 'node:fs';
import type { BridgeApp } from '@shared/constants';
import { addDays, daysBetween } from '@shared/domain/local-date';

// The phone bridges' payload fixtures (issue 45), written from each app's own documentation and
// source (decision 0106): fixtures/<app>/<name>.json, all dated around FIXTURE_DAY.

/** The day the fixtures call today. */
export const FIXTURE_DAY = '2026-11-28';

export const BRIDGE_FIXTURES = [
  'full-day',
  'test-delivery',
  'yesterday',
  'spanning-midnight',
  'other-units',
  'duplicates',
] as const;
export type BridgeFixture = (typeof BRIDGE_FIXTURES)[number];

/** A fixture's text as the app would send it. */
export function bridgeFixtureText(app: BridgeApp, name: BridgeFixture): string {
  return readFileSync(new URL(`./fixtures/${app}/${name}.json`, import.meta.url), 'utf8');
}

/**
 * A fixture moved to another day: every date in it shifted by whole days, its times of day and
 * offsets kept, so FIXTURE_DAY becomes `today` (members in zones without daylight saving time keep
 * the same wall clock).
 */
export function bridgeFixtureOn(app: BridgeApp, name: BridgeFixture, today: string): unknown {
  const shift = daysBetween(FIXTURE_DAY, today);
  const text = bridgeFixtureText(app, name).replace(/\b(\d{4}-\d{2}-\d{2})(?=[ T"])/g, (date) =>
    addDays(date, shift),
  );
  return JSON.parse(text);
}
