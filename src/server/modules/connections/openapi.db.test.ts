import { beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { BRIDGE_APPS } from '@shared/constants';
import { BRIDGE_FIXTURES, bridgeFixtureOn, FIXTURE_DAY } from '../../testing/bridge-fixtures';
import { checkInToday } from '../../testing/checkins';
import { setUpTestApp } from '../../testing/test-app';

// The OpenAPI document is valid OpenAPI 3.1, and every operation it lists answers as it says.

const t = setUpTestApp();
let doc: OpenApiDoc;
let token: string;

interface OpenApiDoc {
  openapi: string;
  paths: Record<
    string,
    Record<string, { operationId: string; responses: Record<string, unknown> }>
  >;
}

const call = (path: string, init: RequestInit = {}, bearer: string | null = token) =>
  t.app.request(`/api/v1${path}`, {
    ...init,
    headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...init.headers },
  });

/** How the contract test calls each operation; an operation the document lists without one fails. */
const requests: Record<string, () => Response | Promise<Response>> = {
  putTodayActivity: () =>
    call('/me/today/activity', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ steps: 9100, moveMinutes: 44, source: 'Apple Health' }),
    }),
  getToday: () => call('/me/today'),
  listCheckins: () => call('/me/checkins?limit=1'),
  getCycle: () => call('/me/cycle'),
  ingestHealthAutoExport: () =>
    call('/ingest/health-auto-export', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(bridgeFixtureOn('health-auto-export', 'full-day', FIXTURE_DAY)),
    }),
  ingestHealthConnect: () =>
    call('/ingest/health-connect', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(bridgeFixtureOn('health-connect', 'test-delivery', FIXTURE_DAY)),
    }),
};

beforeAll(async () => {
  const { client } = await t.member();
  await checkInToday(client);
  const made = await client.request('/api/connections/tokens', {
    method: 'POST',
    json: { name: 'Contract', scopes: ['activity:write', 'read'] },
  });
  token = (await made.json()).token;
  const res = await t.app.request('/api/v1/openapi.json');
  expect(res.status).toBe(200);
  doc = await res.json();
});

const ajv = () => {
  const a = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(a);
  a.addSchema(doc, 'openapi');
  return a;
};
const pointer = (...parts: string[]) =>
  parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

describe('the OpenAPI document', () => {
  it('validates as OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(doc.openapi).toBe('3.1.0');
  });

  it('lists the operations the issues ask for, each behind a bearer token', () => {
    const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(ops.sort()).toEqual([
      'GET /me/checkins',
      'GET /me/cycle',
      'GET /me/today',
      'POST /ingest/health-auto-export',
      'POST /ingest/health-connect',
      'PUT /me/today/activity',
    ]);
    const raw = JSON.stringify(doc);
    expect(raw).toContain('"bearerAuth"');
    expect(raw).toContain('application/problem+json');
  });
});

describe('the contract', () => {
  it('every listed operation answers with what its schema says, and its 401 is a listed problem', async () => {
    const validator = ajv();
    const called: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const request = requests[op.operationId];
        expect(request, `no contract call for ${op.operationId}`).toBeDefined();
        const res = await request();
        expect(res.status, `${op.operationId}`).toBe(200);
        expect(res.headers.get('content-type')).toContain('application/json');
        const check = validator.compile({
          $ref: `openapi#/${pointer('paths', path, method, 'responses', '200', 'content', 'application/json', 'schema')}`,
        });
        const body = await res.json();
        expect(check(body) ? [] : check.errors, `${op.operationId}`).toEqual([]);

        // The same operation without a token: a 401 problem, as the document lists it.
        const anonymous = await t.app.request(`/api/v1${path}`, { method: method.toUpperCase() });
        expect(anonymous.status).toBe(401);
        const problem = validator.compile({
          $ref: `openapi#/${pointer('paths', path, method, 'responses', '401', 'content', 'application/problem+json', 'schema')}`,
        });
        const problemBody = await anonymous.json();
        expect(problem(problemBody) ? [] : problem.errors).toEqual([]);
        called.push(op.operationId);
      }
    }
    expect(called.sort()).toEqual(Object.keys(requests).sort());
  });

  it('every phone bridge fixture is a request body the document describes (issue 45)', () => {
    const validator = ajv();
    for (const app of BRIDGE_APPS) {
      const check = validator.compile({
        $ref: `openapi#/${pointer('paths', `/ingest/${app}`, 'post', 'requestBody', 'content', 'application/json', 'schema')}`,
      });
      for (const fixture of BRIDGE_FIXTURES) {
        const body = bridgeFixtureOn(app, fixture, FIXTURE_DAY);
        expect(check(body) ? [] : check.errors, `${app}/${fixture}`).toEqual([]);
      }
      // ... and the check can fail.
      expect(check({ data: 'none', steps: 'none' })).toBe(false);
    }
  });

  it('a schema check that would catch a wrong answer (the validator is not a yes-machine)', () => {
    const check = ajv().compile({
      $ref: `openapi#/${pointer('paths', '/me/today', 'get', 'responses', '200', 'content', 'application/json', 'schema')}`,
    });
    expect(check({ date: 'today', checkedIn: 'yes' })).toBe(false);
  });

  it('serves a reference page that loads its script from this server', async () => {
    const page = await t.app.request('/api/v1/reference');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('spec-url="/api/v1/openapi.json"');
    expect(html).toMatch(/<script src="\/api\/v1\/reference\/redoc\.standalone\.js"><\/script>/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const script = await t.app.request('/api/v1/reference/redoc.standalone.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
    const code = await script.text();
    expect(code.length).toBeGreaterThan(100_000);
    // The page asks no other host for anything (Redocly's logo is blanked).
    expect(code).not.toContain('cdn.redoc.ly');
  });
});
