// Each key's scope on each operation (api/routes.generated.ts), and the exact 401/403/404 bodies.
import { describe, expect, it } from 'vitest';
import { useSandbox, type KeyKind } from '../kit/sandbox.js';

const sandbox = useSandbox();

type Caller = KeyKind | 'none' | 'unknown';
const CALLERS: Caller[] = ['none', 'unknown', 'management', 'api', 'outsider', 'intern'];

interface Case {
  name: string;
  method: string;
  path: () => string;
  body?: unknown;
  /** Expected status per caller, in CALLERS order. */
  expect: [number, number, number, number, number, number];
}

const ex = () => sandbox().examples;
const CASES: Case[] = [
  {
    name: 'GET /private-endpoints/{id}',
    method: 'GET',
    path: () => `/private-endpoints/${ex().private_endpoint}`,
    expect: [401, 401, 200, 403, 403, 403],
  },
  {
    name: 'POST /presets/{slug}/messages',
    method: 'POST',
    path: () => '/presets/scope-check/messages',
    body: { model: 'openai/gpt-4o' },
    expect: [401, 401, 200, 403, 403, 403],
  },
  { name: 'GET /batches/{id}', method: 'GET', path: () => `/batches/${ex().batches.completed}`, expect: [401, 401, 200, 200, 200, 200] },
  {
    name: 'DELETE /batches/{id}',
    method: 'DELETE',
    path: () => `/batches/${ex().batches.cancelled}`,
    expect: [401, 401, 200, 200, 200, 200],
  },
  {
    name: 'POST /interns/{id}/suspend',
    method: 'POST',
    path: () => `/interns/${ex().intern}/suspend`,
    expect: [401, 401, 200, 200, 404, 200],
  },
  { name: 'GET /interns', method: 'GET', path: () => '/interns', expect: [401, 401, 200, 200, 404, 404] },
  { name: 'GET /interns/{id}', method: 'GET', path: () => `/interns/${ex().intern}`, expect: [401, 401, 200, 200, 404, 200] },
  {
    name: 'GET /vault/interns/{id}/secrets',
    method: 'GET',
    path: () => `/vault/interns/${ex().intern}/secrets`,
    expect: [401, 401, 200, 200, 404, 200],
  },
  { name: 'GET /byok', method: 'GET', path: () => '/byok', expect: [401, 401, 200, 403, 403, 403] },
  {
    name: 'GET /workspaces/{id}/budgets',
    method: 'GET',
    path: () => `/workspaces/${ex().workspace_slug}/budgets`,
    expect: [401, 401, 200, 403, 403, 404],
  },
  { name: 'GET /tools/{name}', method: 'GET', path: () => `/tools/${ex().tool}`, expect: [401, 401, 200, 403, 403, 403] },
];

function keyFor(caller: Caller): KeyKind | null | string {
  if (caller === 'none') return null;
  if (caller === 'unknown') return 'gw-not-a-sandbox-key-0000';
  return caller;
}

describe('key scopes', () => {
  for (const c of CASES) {
    CALLERS.forEach((caller, i) => {
      it(`${c.name} with ${caller} key answers ${c.expect[i]}`, async () => {
        const sb = sandbox();
        const res = await sb.request(c.method, c.path(), { key: keyFor(caller), body: c.body });
        expect(res.status).toBe(c.expect[i]);
      });
    });
  }
});

describe('error bodies of refused callers', () => {
  it('interns and vault routes: 401 without metadata', async () => {
    const sb = sandbox();
    for (const path of ['/interns', `/interns/${sb.examples.intern}`, `/vault/interns/${sb.examples.intern}/secrets`]) {
      for (const key of [null, 'gw-not-a-sandbox-key-0000']) {
        const res = await sb.request('GET', path, { key });
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ error: { code: 401, message: 'Invalid or missing API key' } });
      }
    }
  });

  it('batch routes: their own 401 body', async () => {
    const sb = sandbox();
    for (const method of ['GET', 'DELETE']) {
      const res = await sb.request(method, `/batches/${sb.examples.batches.completed}`, { key: null });
      expect(res.body).toEqual({ error: { code: 401, message: 'No auth credentials found.' } });
    }
    const unknown = await sb.get(`/batches/${sb.examples.batches.completed}`, 'sk-unknown-key-1234567');
    expect(unknown.body).toEqual({ error: { code: 401, message: 'No auth credentials found.' } });
  });

  it('management routes: 401 for missing and for unknown credentials', async () => {
    const sb = sandbox();
    expect((await sb.get('/byok', null)).body).toEqual({ error: { code: 401, message: 'Missing Authentication header' } });
    expect((await sb.get('/byok', 'gw-not-a-sandbox-key-0000')).body).toEqual({ error: { code: 401, message: 'Invalid credentials' } });
    // The private-endpoint read may carry user_id and service_metadata beside error.
    expect((await sb.get(`/private-endpoints/${sb.examples.private_endpoint}`, null)).body).toEqual({
      error: { code: 401, message: 'Missing Authentication header' },
      user_id: null,
      service_metadata: null,
    });
  });

  it('a scheme other than Bearer is no credentials; the scheme is case-insensitive', async () => {
    const sb = sandbox();
    const basic = await sb.request('GET', '/tools/openrouter:web_search', { headers: { authorization: `Basic ${sb.keys.management}` } });
    expect(basic.status).toBe(401);
    const lower = await sb.request('GET', '/tools/openrouter:web_search', { headers: { authorization: `bearer ${sb.keys.management}` } });
    expect(lower.status).toBe(200);
  });

  it('403 carries the management-key message and no metadata', async () => {
    const sb = sandbox();
    for (const path of [
      `/private-endpoints/${sb.examples.private_endpoint}`,
      '/byok',
      '/workspaces/production/budgets',
      '/tools/openrouter:web_search',
    ]) {
      const res = await sb.get(path, 'api');
      expect(res.status).toBe(403);
      const expected: Record<string, unknown> = { error: { code: 403, message: 'Only management keys can perform this operation' } };
      if (path.startsWith('/private-endpoints')) Object.assign(expected, { user_id: 'user_sandbox_0001', service_metadata: null });
      expect(res.body).toEqual(expected);
    }
    const preset = await sb.post('/presets/x/messages', { model: 'm' }, 'outsider');
    expect(preset.body).toEqual({ error: { code: 403, message: 'Only management keys can perform this operation' } });
  });

  it('outside the interns programme the interns and vault routes answer 404 not_found', async () => {
    const sb = sandbox();
    const res = await sb.get('/interns', 'outsider');
    expect(res.body).toEqual({ error: { code: 404, message: 'Not found', metadata: { reason: 'not_found', retryable: false } } });
    const vault = await sb.get(`/vault/interns/${sb.examples.intern}/secrets`, 'outsider');
    expect(vault.body).toEqual({ error: { code: 404, message: 'Not found', metadata: { reason: 'not_found', retryable: false } } });
  });
});

describe("an intern's own key", () => {
  it('sees its intern and its secrets only', async () => {
    const sb = sandbox();
    const own = await sb.get(`/interns/${sb.examples.intern}`, 'intern');
    expect(own.status).toBe(200);
    expect(own.body.id).toBe(sb.examples.intern);
    const secrets = await sb.get(`/vault/interns/${sb.examples.intern}/secrets`, 'intern');
    expect(secrets.status).toBe(200);
    expect(secrets.body.data.length).toBeGreaterThan(0);

    const notFound = { error: { code: 404, message: 'Intern not found', metadata: { reason: 'not_found', retryable: false } } };
    for (const [method, path] of [
      ['GET', `/interns/${sb.examples.failed_intern}`],
      ['GET', `/vault/interns/${sb.examples.failed_intern}/secrets`],
      ['POST', `/interns/${sb.examples.stopped_intern}/suspend`],
    ] as const) {
      const res = await sb.request(method, path, { key: 'intern' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notFound);
    }
    const collection = await sb.get('/interns', 'intern');
    expect(collection.body).toEqual({ error: { code: 404, message: 'Not found', metadata: { reason: 'not_found', retryable: false } } });
  });

  it('gets 404 on workspace routes and 403 on the other management routes', async () => {
    const sb = sandbox();
    const budgets = await sb.get(`/workspaces/${sb.examples.workspace}/budgets`, 'intern');
    expect(budgets.body).toEqual({ error: { code: 404, message: 'Resource not found' } });
    const tools = await sb.get(`/tools/${sb.examples.tool}`, 'intern');
    expect(tools.body).toEqual({ error: { code: 403, message: 'Only management keys can perform this operation' } });
  });
});

describe('regional hostnames', () => {
  it('are refused on interns and vault routes with 403 and no metadata, not elsewhere', async () => {
    const sb = sandbox();
    const host = `eu.localhost:${sb.server.port}`;
    for (const path of ['/interns', `/interns/${sb.examples.intern}`, `/vault/interns/${sb.examples.intern}/secrets`]) {
      const res = await sb.request('GET', path, { key: 'api', headers: { host } });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: { code: 403, message: 'Interns and vault routes are not available on regional hostnames' } });
    }
    const batch = await sb.request('GET', `/batches/${sb.examples.batches.completed}`, { key: 'api', headers: { host } });
    expect(batch.status).toBe(200);
  });
});
