import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGES } from '@shared/pages';
import { msg } from '@shared/messages';
import type * as InviteLinks from '../modules/crews/invite-links';
import { AppError } from '../lib/errors';
import { downloadExport } from '../testing/data-export';
import { setUpTestApp } from '../testing/test-app';
import { databaseLabel } from '../testing/test-database';
import { redactPath } from '../lib/redact';

// Issue 41 item 13: a link's token in a request path is a key (a crew invite joins the crew and reads
// its crew-only posts), so no log line may carry it: not the request line, not an error's line.

/** A token a crew invite's join fails with, to see what the error handler writes. */
const FAILING_TOKEN = 'FailFailFailFailFailFailFailFail';
/** And one it fails with as when the database is away. */
const UNAVAILABLE_TOKEN = 'AwayAwayAwayAwayAwayAwayAwayAway';
/** And one a part of the system refuses (a service's own 5xx, e.g. the file store full). */
const REFUSED_TOKEN = 'FullFullFullFullFullFullFullFull';

vi.mock('../modules/crews/invite-links', async (original) => {
  const real = await original<typeof InviteLinks>();
  return {
    ...real,
    joinByInvite: (...args: Parameters<typeof real.joinByInvite>) => {
      if (args[1].token === FAILING_TOKEN) return Promise.reject(new Error('the join broke'));
      if (args[1].token === UNAVAILABLE_TOKEN)
        return Promise.reject(
          Object.assign(new Error('terminating connection'), { code: '57P01' }),
        );
      if (args[1].token === REFUSED_TOKEN)
        return Promise.reject(new AppError('insufficient_storage', msg.storageFull));
      return real.joinByInvite(...args);
    },
  };
});

/**
 * Every path parameter of the app's routes and pages, each called a secret or not. A new parameter
 * fails the walk below until it is listed here: a secret one must be redacted by redactPath.
 */
const SECRET_PARAMS = new Set(['token']);
const NOT_SECRET_PARAMS: Record<string, string> = {
  id: 'a row id; the service checks who may see it',
  userId: 'a member id, shown in the app',
  crewId: 'a crew id; only members see the crew',
  file: 'a badge or avatar file name',
  key: 'a media key; every read checks who may see it',
  cycle: 'a cycle number',
  cycleId: "a crew cycle's id; only the crew's members see it",
  week: 'a week number',
};

const SECRET = 'Zq3xV9bN2mK7pL4sT8wY1cF6hJ0dR5gA';
const SAMPLE = 'plain-value';

/** The path's parameters, and the path with each filled in (the secret ones with SECRET). */
function fill(pattern: string): { params: string[]; path: string } {
  const params: string[] = [];
  const path = pattern.replace(/:([A-Za-z_]+)(\{[^}]*\})?\??/g, (_, name: string) => {
    params.push(name);
    return SECRET_PARAMS.has(name) ? SECRET : SAMPLE;
  });
  return { params, path };
}

const t = setUpTestApp();

afterEach(() => {
  vi.restoreAllMocks();
});

/** Every path written to the log while `act` runs, from info, warn and error lines. */
async function loggedPaths(act: () => Promise<void>): Promise<string[]> {
  const logged: unknown[] = [];
  for (const level of ['info', 'warn', 'error'] as const)
    vi.spyOn(t.deps.logger, level).mockImplementation((...args: unknown[]) => {
      logged.push(args[0]);
    });
  await act();
  vi.restoreAllMocks();
  return logged
    .map((entry) => (entry as { path?: unknown } | null)?.path)
    .filter((path): path is string => typeof path === 'string');
}

describe(`paths with a secret in the log (${databaseLabel})`, () => {
  it('knows every path parameter of the routes and pages, and hides every secret one', () => {
    const patterns = [
      ...new Set([...t.app.routes.map((r) => r.path), ...PAGES.map((p) => p.path)]),
    ].filter((path) => path.includes(':'));
    expect(patterns).toContain('/api/crew-invites/:token/join');
    expect(patterns).toContain('/crews/join/:token');
    const withSecret: string[] = [];
    for (const pattern of patterns) {
      const { params, path } = fill(pattern);
      for (const name of params)
        expect(
          SECRET_PARAMS.has(name) || name in NOT_SECRET_PARAMS,
          `${pattern}: is :${name} a secret? List it in SECRET_PARAMS or NOT_SECRET_PARAMS`,
        ).toBe(true);
      if (!params.some((name) => SECRET_PARAMS.has(name))) continue;
      withSecret.push(pattern);
      expect(redactPath(path), pattern).not.toContain(SECRET);
      expect(redactPath(path), pattern).toBe(path.replace(SECRET, '…'));
    }
    expect(withSecret.sort()).toEqual([
      '/api/account/export/:token',
      '/api/crew-invites/:token',
      '/api/crew-invites/:token/join',
      '/api/invites/:token',
      '/crews/join/:token',
      '/invite/:token',
    ]);
    // The paths around them are kept whole, so the log still says what was asked.
    expect(redactPath('/api/crews/0b4cf3d4-4f7e-4a57-9a37-1b8e5d1f3c11/invite')).toBe(
      '/api/crews/0b4cf3d4-4f7e-4a57-9a37-1b8e5d1f3c11/invite',
    );
    expect(redactPath('/api/account/export')).toBe('/api/account/export');
  });

  it('writes a crew invite preview, join and page, and an export download, without their token', async () => {
    const owner = await t.member();
    const joiner = await t.member();
    const crew = await owner.client.request('/api/crews', {
      method: 'POST',
      json: { name: 'Log Readers' },
    });
    expect(crew.status).toBe(201);
    const { id } = (await crew.json()) as { id: string };
    const link = await owner.client.request(`/api/crews/${id}/invite`, { method: 'POST' });
    expect(link.status).toBe(201);
    const token = ((await link.json()) as { url: string }).url.split('/crews/join/')[1]!;
    let exportUrl = '';

    const paths = await loggedPaths(async () => {
      await joiner.client.request(`/crews/join/${token}`);
      expect((await joiner.client.request(`/api/crew-invites/${token}`)).status).toBe(200);
      const joined = await joiner.client.request(`/api/crew-invites/${token}/join`, {
        method: 'POST',
      });
      expect(joined.status).toBe(200);
      exportUrl = (await downloadExport(joiner.client)).url;
    });
    const exportToken = new URL(exportUrl, 'http://x').pathname.split('/').at(-1)!;
    expect(paths).toEqual(
      expect.arrayContaining([
        '/crews/join/…',
        '/api/crew-invites/…',
        '/api/crew-invites/…/join',
        '/api/account/export/…',
      ]),
    );
    const everything = JSON.stringify(paths);
    expect(everything).not.toContain(token);
    expect(everything).not.toContain(exportToken);
  });

  it('writes a failed join, one refused while the database is away and one refused by a service, without the token', async () => {
    const member = await t.member();
    const paths = await loggedPaths(async () => {
      for (const [token, status] of [
        [FAILING_TOKEN, 500],
        [UNAVAILABLE_TOKEN, 503],
        [REFUSED_TOKEN, 507],
      ] as const) {
        const res = await member.client.request(`/api/crew-invites/${token}/join`, {
          method: 'POST',
        });
        expect(res.status, await res.clone().text()).toBe(status);
      }
    });
    // The request lines and the error handler's own lines, which name the path for the operator.
    expect(paths.filter((p) => p === '/api/crew-invites/…/join')).toHaveLength(6);
    expect(JSON.stringify(paths)).not.toMatch(/FailFail|AwayAway|FullFull/);
  });
});
