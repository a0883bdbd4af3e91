import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { countMembersInFlight, createPacer, membersWaiting } from './pacing';

describe('the pace of the jobs’ sends', () => {
  it('spaces turns 1/perSecond apart, in order, while busy; lets every turn through while not', async () => {
    let clock = 1_000;
    const slept: number[] = [];
    let busy = true;
    const pacer = createPacer({
      perSecond: 80,
      busy: () => busy,
      now: () => clock,
      sleep: async (ms) => {
        slept.push(ms);
      },
    });
    // Five sends asking at the same instant: the first at once, the others 12.5 ms apart.
    await Promise.all(Array.from({ length: 5 }, () => pacer.turn()));
    expect(slept).toEqual([12.5, 25, 37.5, 50]);
    // Later than the reserved slots: at once again.
    clock += 1_000;
    slept.length = 0;
    await pacer.turn();
    expect(slept).toEqual([]);
    // Not busy: never waits, however many ask.
    busy = false;
    await Promise.all(Array.from({ length: 20 }, () => pacer.turn()));
    expect(slept).toEqual([]);
  });

  it('counts a member’s request while it is answered, and never a probe’s', async () => {
    const app = new Hono();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    app.use(countMembersInFlight);
    const held = async () => {
      await gate;
      return new Response('ok');
    };
    app.get('/api/health', held);
    app.get('/api/ready', held);
    app.get('/metrics', held);
    app.post('/api/checkins', held);

    const probes = ['/api/health', '/api/ready', '/metrics'].map((p) => app.request(p));
    await new Promise((r) => setTimeout(r, 10));
    expect(membersWaiting()).toBe(false);
    const checkin = app.request('/api/checkins', { method: 'POST' });
    await new Promise((r) => setTimeout(r, 10));
    expect(membersWaiting()).toBe(true);
    release();
    await Promise.all([...probes, checkin]);
    expect(membersWaiting()).toBe(false);
  });
});
