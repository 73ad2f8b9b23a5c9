// GET /vault/interns/{id}/secrets: metadata only, by name, offset paging, legacy secrets, limits.
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../kit/sandbox.js';

const sandbox = useSandbox();

function invalid(message: string) {
  return { error: { code: 400, message, metadata: { reason: 'invalid_body', retryable: false } } };
}

describe('GET /vault/interns/{id}/secrets', () => {
  it('answers 100 by default with has_more, then the rest by offset, ordered by name', async () => {
    const sb = sandbox();
    const path = `/vault/interns/${sb.examples.intern}/secrets`;
    const first = await sb.get(path, 'api');
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['data', 'has_more']);
    expect(first.body.data).toHaveLength(100);
    expect(first.body.has_more).toBe(true);
    const rest = await sb.get(`${path}?offset=100`);
    expect(rest.body.has_more).toBe(false);
    expect(rest.body.data).toHaveLength(30);
    const names = [...first.body.data, ...rest.body.data].map((s: any) => s.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const exact = await sb.get(`${path}?limit=30&offset=100`);
    expect(exact.body).toEqual(rest.body);
    expect((await sb.get(`${path}?limit=29&offset=100`)).body.has_more).toBe(true);
  });

  it('returns metadata only: legacy secrets with null hosts and fingerprint, never values', async () => {
    const sb = sandbox();
    const { data } = (await sb.get(`/vault/interns/${sb.examples.intern}/secrets?limit=100`)).body;
    const legacy = data.filter((s: any) => s.hosts === null);
    expect(legacy.length).toBeGreaterThan(0);
    for (const s of data) {
      expect(Object.keys(s).sort()).toEqual(['created_at', 'fingerprint', 'hosts', 'name']);
      if (s.hosts === null) expect(s.fingerprint).toBeNull();
      else {
        expect(s.fingerprint).toMatch(/^sha256:[0-9a-f]{64}$/);
        expect(s.hosts.every((h: unknown) => typeof h === 'string')).toBe(true);
      }
    }
    // A legacy secret and an API-stored one share this name: the API-stored one is listed, once.
    const github = data.filter((s: any) => s.name === 'github_token');
    expect(github).toHaveLength(1);
    expect(github[0].hosts).toEqual(['api.github.com']);
  });

  it('enforces limit 1-100 and offset 0-10000 with 400 invalid_body', async () => {
    const sb = sandbox();
    const path = `/vault/interns/${sb.examples.intern}/secrets`;
    for (const limit of ['0', '101', 'x', '-5'])
      expect((await sb.get(`${path}?limit=${limit}`)).body).toEqual(invalid('limit must be an integer from 1 to 100'));
    for (const offset of ['-1', '10001', '1.0'])
      expect((await sb.get(`${path}?offset=${offset}`)).body).toEqual(invalid('offset must be an integer from 0 to 10000'));
    expect((await sb.get(`${path}?offset=10000&limit=1`)).body).toEqual({ data: [], has_more: false });
    expect((await sb.get(`${path}?limit=1`)).body.data).toHaveLength(1);
  });

  it('answers an empty list for an intern whose vault does not exist yet, 404 for unknown or non-UUID ids', async () => {
    const sb = sandbox();
    const queued = (await sb.get('/interns?limit=500&status=queued')).body.data[0];
    expect(queued.vault_id).toBeNull();
    expect((await sb.get(`/vault/interns/${queued.id}/secrets`)).body).toEqual({ data: [], has_more: false });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await sb.get(`/vault/interns/${id}/secrets`);
      expect(res.body).toEqual({ error: { code: 404, message: 'Intern not found', metadata: { reason: 'not_found', retryable: false } } });
    }
  });
});
