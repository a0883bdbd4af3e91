import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takePendingCrewJoin } from './crew-join';

// Issue 41 item 2: a visitor who signs up from a crew's invite link meets Start Your Free Trial first
// (the spec's verify-success path), and only then the crew's join page.

const LINK = '/crews/join/abcdefghijklmnop1234';

describe('the crew link a visitor opened before signing up', () => {
  let stored: Map<string, string>;
  beforeEach(() => {
    stored = new Map([['stackdays.crewJoin', LINK]]);
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('waits while the new member is on Start Your Free Trial, then is taken once', () => {
    expect(takePendingCrewJoin('/app/start-trial')).toBeNull();
    expect(takePendingCrewJoin('/app/start-trial/')).toBeNull();
    // Started (or moved on): the link comes now, and only once.
    expect(takePendingCrewJoin('/app')).toBe(LINK);
    expect(takePendingCrewJoin('/app')).toBeNull();
  });

  it('is taken from any other member screen, as after signing in', () => {
    expect(takePendingCrewJoin('/app/crews')).toBe(LINK);
  });

  it('is never a path other than a crew link', () => {
    stored.set('stackdays.crewJoin', 'https://evil.example/crews/join/abcdefghijklmnop1234');
    expect(takePendingCrewJoin('/app')).toBeNull();
  });
});
