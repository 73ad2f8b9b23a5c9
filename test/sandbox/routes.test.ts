// Routes the sandbox does not serve answer as the service does for routes it does not have:
// 404 in the API's error envelope, for any method, with or without a key, body or not.
import { describe, expect, it } from 'vitest';
import { paramsOf, routes } from '../../src/api/routes.js';
import { useSandbox } from '../kit/sandbox.js';

const sandbox = useSandbox();

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
/** Paths of the gateway outside the operations gwctl performs: any that a route of the table matches is left out. */
const PATHS = [
  '/credits',
  '/keys',
  '/keys/abc?offset=2',
  '/models/openai/gpt-4o',
  '/generation',
  '/activity',
  '/interns/x/resume',
  '/vault/interns/x/secrets/github_token',
  '/batches',
  '/',
].filter((path) => !Object.values(routes).some((route) => paramsOf(route.path, path) !== undefined));

describe('routes the sandbox does not serve', () => {
  it('answer 404 {"error":{"code":404,"message":"No route for METHOD PATH"}} for any method and key', async () => {
    const sb = sandbox();
    for (const path of PATHS) {
      for (const method of METHODS) {
        for (const key of ['management', 'api', null, 'not-a-key'] as const) {
          const res = await sb.request(method, path, { key, body: method === 'POST' || method === 'PUT' ? { amount: 1 } : undefined });
          const where = `${method} ${path} ${key}`;
          expect(res.status, where).toBe(404);
          expect(res.headers['content-type'], where).toBe('application/json; charset=utf-8');
          expect(res.body, where).toEqual({ error: { code: 404, message: `No route for ${method} /api/v1${path.split('?')[0]}` } });
        }
      }
    }
  });

  it('answer HEAD with 404 and no body', async () => {
    const sb = sandbox();
    const res = await sb.request('HEAD', '/credits');
    expect(res.status).toBe(404);
    expect(res.text).toBe('');
  });

  it('are recorded like any other request', async () => {
    const sb = sandbox();
    await sb.request('DELETE', '/keys/abc', { key: 'api' });
    expect(sb.requests().map((r) => [r.method, r.path, r.key, r.status])).toEqual([['DELETE', '/api/v1/keys/abc', 'api', 404]]);
  });

  it('answer as the real service would through gwctl-style clients: the same envelope as a missing resource', async () => {
    const sb = sandbox();
    const missing = await sb.get('/tools/openrouter:nothing');
    const unknown = await sb.get('/credits');
    expect(Object.keys(unknown.body.error)).toEqual(Object.keys(missing.body.error));
    expect(unknown.body.error.code).toBe(missing.body.error.code);
  });
});

describe('HEAD on a served GET route', () => {
  it('answers as GET would, without the body', async () => {
    const sb = sandbox();
    const get = await sb.get(`/interns/${sb.examples.intern}`);
    const head = await sb.request('HEAD', `/interns/${sb.examples.intern}`);
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(get.text)));
    expect((await sb.request('HEAD', `/interns/${sb.examples.intern}`, { key: null })).status).toBe(401);
  });
});

describe('the routes the client knows', () => {
  it('are each served by the sandbox, with their key: none answers "No route"', async () => {
    const sb = sandbox();
    for (const route of Object.values(routes)) {
      const path = route.path.replace(/\{\w+\}/g, 'x');
      const res = await sb.request(route.method, path, { key: route.key, body: route.method === 'POST' ? {} : undefined });
      expect(JSON.stringify(res.body), `${route.method} ${path}`).not.toContain('No route');
    }
  });
});
