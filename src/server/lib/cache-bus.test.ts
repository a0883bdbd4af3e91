import { afterEach, describe, expect, it, vi } from 'vitest';
import { coalescedNotices } from './cache-bus';

// The coalescing of writes' cache notices (decision 0091), on a fake clock: what another process is
// told, and when, for a lone write and for a stream of writes.

afterEach(() => vi.useRealTimers());

function notices(coalesceMs = 500) {
  vi.useFakeTimers({ now: 0 });
  const sent: Array<{ topic: string; at: number }> = [];
  const bus = coalescedNotices({
    coalesceMs,
    send: async (topic) => sent.push({ topic, at: Date.now() }),
  });
  return { bus, sent };
}

describe('coalesced cache notices', () => {
  it('tells a lone write at once, in its own transaction, and nothing more', () => {
    const { bus, sent } = notices();
    expect(bus.claim('feed')).toBe(true);
    vi.advanceTimersByTime(5_000);
    expect(sent).toEqual([]);
    expect(bus.claim('feed')).toBe(true);
  });

  it('covers every write of a stream, each at least 500 ms and at most 1 s after it, about twice a second', () => {
    const { bus, sent } = notices();
    const owed: number[] = [];
    for (let at = 0; at < 3_000; at += 10) {
      if (!bus.claim('feed')) owed.push(at);
      vi.advanceTimersByTime(10);
    }
    vi.advanceTimersByTime(2_000);
    for (const write of owed) {
      const notice = sent.find((s) => s.at >= write + 500);
      expect(notice, `write at ${write}`).toBeDefined();
      expect(notice!.at - write).toBeLessThanOrEqual(1_000);
    }
    // 300 writes in 3 s: one told in its transaction, the rest by a notice every 500 ms or so.
    expect(owed).toHaveLength(299);
    expect(sent.length).toBeGreaterThanOrEqual(6);
    expect(sent.length).toBeLessThanOrEqual(8);
  });

  it('covers a burst with one notice, even when its writes straddle a few milliseconds', () => {
    const { bus, sent } = notices();
    expect(bus.claim('feed')).toBe(true);
    vi.advanceTimersByTime(5);
    for (let i = 0; i < 49; i += 1) {
      expect(bus.claim('feed')).toBe(false);
      if (i === 24) vi.advanceTimersByTime(3);
    }
    vi.advanceTimersByTime(2_000);
    expect(sent).toEqual([{ topic: 'feed', at: 508 }]);
  });

  it('keeps topics apart', () => {
    const { bus, sent } = notices();
    expect(bus.claim('feed')).toBe(true);
    expect(bus.claim('session')).toBe(true);
    expect(bus.claim('feed')).toBe(false);
    vi.advanceTimersByTime(600);
    expect(sent).toEqual([{ topic: 'feed', at: 500 }]);
  });

  it('is quiet again once the owed notice is out', () => {
    const { bus, sent } = notices();
    bus.claim('board');
    bus.claim('board');
    vi.advanceTimersByTime(500);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(500);
    expect(bus.claim('board')).toBe(true);
    vi.advanceTimersByTime(2_000);
    expect(sent).toHaveLength(1);
  });

  it('sends nothing after stop', () => {
    const { bus, sent } = notices();
    bus.claim('feed');
    bus.claim('feed');
    bus.stop();
    vi.advanceTimersByTime(2_000);
    expect(sent).toEqual([]);
  });
});
