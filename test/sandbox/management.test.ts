// The management reads and the preset create: private endpoints, presets, BYOK, budgets, tools.
import { describe, expect, it } from 'vitest';
import { KNOWN_PROVIDERS } from '../../src/api/vocabulary.js';
import { startTestSandbox, useSandbox } from '../kit/sandbox.js';

const sandbox = useSandbox();

const bad = (message: string) => ({ error: { code: 400, message } });
const notFound = { error: { code: 404, message: 'Resource not found' } };

describe('GET /private-endpoints/{id}', () => {
  it('answers {data} with every field; the draft has null base_url and model fields', async () => {
    const sb = sandbox();
    const active = await sb.get(`/private-endpoints/${sb.examples.private_endpoint}`);
    expect(active.status).toBe(200);
    expect(Object.keys(active.body)).toEqual(['data']);
    const fields = [
      'id',
      'status',
      'model_permaslug',
      'model_slug',
      'model_name',
      'provider_name',
      'provider_slug',
      'base_url',
      'upstream_model_id',
      'declared_zdr',
      'declared_region',
      'pricing',
    ];
    expect(Object.keys(active.body.data).sort()).toEqual([...fields].sort());
    expect(active.body.data).toMatchObject({
      id: sb.examples.private_endpoint,
      status: 'active',
      declared_region: 'us',
      declared_zdr: true,
    });
    for (const price of Object.values(active.body.data.pricing)) expect(price).toMatch(/^\d+(\.\d+)?$/);
    const draft = (await sb.get(`/private-endpoints/${sb.examples.private_endpoint_draft}`)).body.data;
    expect(draft).toMatchObject({
      status: 'draft',
      base_url: null,
      model_slug: null,
      model_name: null,
      declared_zdr: null,
      declared_region: null,
    });
    expect((await sb.get(`/private-endpoints/${sb.examples.private_endpoint.toUpperCase()}`)).status).toBe(200);
  });

  it('answers 404 for an unknown id and for a non-UUID, with user_id and service_metadata', async () => {
    const sb = sandbox();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '']) {
      const res = await sb.get(`/private-endpoints/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ ...notFound, user_id: 'user_sandbox_0001', service_metadata: null });
    }
  });
});

describe('POST /presets/{slug}/messages', () => {
  const body = {
    model: 'anthropic/claude-4.6-sonnet',
    max_tokens: 1024,
    temperature: 0.3,
    system: 'You are terse.',
    messages: [{ role: 'user', content: 'Hello' }],
    stream: true,
    prompt: 'ignored',
    speed: 'fast',
    session_id: 's'.repeat(256),
    user: 'u'.repeat(256),
    fallbacks: [{ model: 'a' }, { model: 'b' }, { model: 'c' }],
    stop_server_tools_when: [
      { type: 'step_count_is', step_count: 3 },
      { type: 'max_cost', max_cost_in_dollars: 0.5 },
    ],
    cache_control: { type: 'ephemeral' },
    not_a_preset_field: 1,
  };

  it('creates version 1 from a new slug, persisting only the config fields', async () => {
    const sb = sandbox();
    const res = await sb.post('/presets/new-preset/messages', body);
    expect(res.status).toBe(200);
    const p = res.body.data;
    expect(Object.keys(p).sort()).toEqual([
      'created_at',
      'creator_user_id',
      'description',
      'designated_version',
      'designated_version_id',
      'id',
      'name',
      'slug',
      'status',
      'status_updated_at',
      'updated_at',
      'workspace_id',
    ]);
    expect(p).toMatchObject({
      slug: 'new-preset',
      name: 'new-preset',
      status: 'active',
      workspace_id: sb.examples.workspace,
      description: null,
      status_updated_at: null,
    });
    const v = p.designated_version;
    expect(Object.keys(v).sort()).toEqual([
      'config',
      'created_at',
      'creator_id',
      'id',
      'preset_id',
      'system_prompt',
      'updated_at',
      'version',
    ]);
    expect(v).toMatchObject({ version: 1, preset_id: p.id, id: p.designated_version_id, system_prompt: 'You are terse.' });
    expect(v.config).toEqual({
      model: body.model,
      max_tokens: 1024,
      temperature: 0.3,
      speed: 'fast',
      session_id: body.session_id,
      user: body.user,
      fallbacks: body.fallbacks,
      stop_server_tools_when: body.stop_server_tools_when,
      cache_control: body.cache_control,
    });
  });

  it('makes the next version from an existing slug, keeping the preset id', async () => {
    const sb = sandbox();
    const first = (await sb.post('/presets/versioned/messages', { model: 'm1' })).body.data;
    const second = (
      await sb.post('/presets/versioned/messages', {
        model: 'm2',
        system: [
          { type: 'text', text: 'Block one' },
          { type: 'text', text: 'two' },
        ],
      })
    ).body.data;
    expect(second.id).toBe(first.id);
    expect(second.designated_version.version).toBe(2);
    expect(second.designated_version.config).toEqual({ model: 'm2' });
    expect(second.designated_version.system_prompt).toBe('Block one\n\ntwo');
    expect(second.designated_version_id).not.toBe(first.designated_version_id);
    const seeded = (await sb.post(`/presets/${sb.examples.preset_slug}/messages`, { model: 'm3' })).body.data;
    expect(seeded.designated_version.version).toBe(3);
    sb.reset();
    expect((await sb.post('/presets/versioned/messages', { model: 'm1' })).body.data.designated_version.version).toBe(1);
  });

  const refusals: [string, unknown, string][] = [
    ['four fallbacks', { fallbacks: [{ model: 'a' }, { model: 'b' }, { model: 'c' }, { model: 'd' }] }, 'fallbacks'],
    ['a fallback with another field', { fallbacks: [{ model: 'a', temperature: 1 }] }, 'fallbacks'],
    ['fallbacks with models', { fallbacks: [{ model: 'a' }], models: ['b'] }, 'fallbacks cannot be combined with models'],
    ['a 257-character session_id', { session_id: 's'.repeat(257) }, 'session_id'],
    ['a 257-character user', { user: 'u'.repeat(257) }, 'user'],
    ['an unknown speed', { speed: 'slow' }, 'speed'],
    ['no stop condition', { stop_server_tools_when: [] }, 'stop_server_tools_when'],
    ['an unknown stop condition', { stop_server_tools_when: [{ type: 'never' }] }, 'stop_server_tools_when'],
    ['a cache_control that is not ephemeral', { cache_control: { type: 'persistent' } }, 'cache_control'],
    ['a JSON array', [{ model: 'x' }], 'JSON object'],
  ];
  for (const [name, payload, mentions] of refusals) {
    it(`refuses ${name} with 400`, async () => {
      const res = await sandbox().post('/presets/refused/messages', payload);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.error).sort()).toEqual(['code', 'message']);
      expect(res.body.error.code).toBe(400);
      expect(res.body.error.message).toContain(mentions);
      expect((await sandbox().post('/presets/refused/messages', { model: 'ok' })).body.data.designated_version.version).toBe(1);
    });
  }

  it('accepts speed null and standard', async () => {
    const sb = sandbox();
    expect((await sb.post('/presets/speedy/messages', { speed: null })).status).toBe(200);
    expect((await sb.post('/presets/speedy/messages', { speed: 'standard' })).status).toBe(200);
  });

  it('refuses bodies that are not JSON, and slugs that are empty or not URL-safe', async () => {
    const sb = sandbox();
    expect(
      (await sb.request('POST', '/presets/p/messages', { body: '{"model":', headers: { 'content-type': 'application/json' } })).body,
    ).toEqual(bad('the request body is not valid JSON'));
    expect(
      (await sb.request('POST', '/presets/p/messages', { body: '{"model":"m"}', headers: { 'content-type': 'text/plain' } })).body,
    ).toEqual(bad('the request body must be sent as application/json'));
    expect((await sb.post('/presets/has%20space/messages', { model: 'm' })).body).toEqual(
      bad('slug must be URL-safe: letters, digits, "-", ".", "_" or "~"'),
    );
    expect((await sb.post('/presets//messages', { model: 'm' })).body).toEqual(bad('path parameter must not be empty'));
  });
});

describe('GET /byok', () => {
  const FIELDS = [
    'allowed_api_key_hashes',
    'allowed_models',
    'allowed_user_ids',
    'created_at',
    'declared_zdr',
    'disabled',
    'id',
    'is_byok_only',
    'is_fallback',
    'is_required',
    'label',
    'name',
    'provider',
    'sort_order',
    'workspace_id',
  ];

  it('lists the default workspace with total_count, 50 by default, and pages by offset', async () => {
    const sb = sandbox();
    const first = await sb.get('/byok');
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['data', 'total_count']);
    expect(first.body.data).toHaveLength(50);
    const total = first.body.total_count;
    expect(total).toBeGreaterThan(200);
    const pages = [];
    for (let offset = 0; offset < total; offset += 100) pages.push(...(await sb.get(`/byok?limit=100&offset=${offset}`)).body.data);
    expect(pages).toHaveLength(total);
    expect(new Set(pages.map((c: any) => c.id)).size).toBe(total);
    expect(pages.slice(0, 50)).toEqual(first.body.data);
    for (const c of pages) {
      expect(Object.keys(c).sort()).toEqual(FIELDS);
      expect(c.workspace_id).toBe(sb.examples.workspace);
      expect(KNOWN_PROVIDERS).toContain(c.provider);
    }
    expect(new Set(pages.map((c: any) => c.provider)).size).toBeGreaterThan(5);
    expect(pages.some((c: any) => c.allowed_models !== null)).toBe(true);
    expect((await sb.get(`/byok?offset=${total + 5}`)).body).toEqual({ data: [], total_count: total });
  });

  it('filters by provider and by workspace', async () => {
    const sb = sandbox();
    const openai = (await sb.get('/byok?provider=openai&limit=100')).body;
    expect(openai.total_count).toBe(openai.data.length);
    expect(openai.data.every((c: any) => c.provider === 'openai')).toBe(true);
    expect(openai.data.map((c: any) => c.sort_order)).toEqual(openai.data.map((_: unknown, k: number) => k));
    const staging = (await sb.get('/byok?workspace_id=a81d4e2b-5c3f-4a9e-b7d0-6e1f2c9a8b54&limit=100')).body;
    expect(staging.total_count).toBeGreaterThan(0);
    expect(staging.data.every((c: any) => c.workspace_id === 'a81d4e2b-5c3f-4a9e-b7d0-6e1f2c9a8b54')).toBe(true);
    expect((await sb.get(`/byok?workspace_id=${sb.examples.workspace}`)).body.total_count).toBe((await sb.get('/byok')).body.total_count);
    expect((await sb.get('/byok?workspace_id=00000000-0000-4000-8000-000000000000')).body).toEqual({ data: [], total_count: 0 });
  });

  it('refuses invalid parameters with 400', async () => {
    const sb = sandbox();
    for (const limit of ['0', '101', 'ten'])
      expect((await sb.get(`/byok?limit=${limit}`)).body).toEqual(bad('limit must be an integer from 1 to 100'));
    expect((await sb.get('/byok?offset=-1')).body).toEqual(bad('offset must be an integer >= 0'));
    expect((await sb.get('/byok?workspace_id=production')).body).toEqual(bad('workspace_id must be a UUID'));
    expect((await sb.get('/byok?provider=OpenAI')).body).toEqual(bad('provider "OpenAI" is not a known provider slug'));
    expect((await sb.get('/byok?offset=1000000')).status).toBe(200);
  });

  it('answers 400 without workspace_id when the default workspace was deleted', async () => {
    const sb = await startTestSandbox({ defaultWorkspaceDeleted: true });
    try {
      expect((await sb.get('/byok')).body).toEqual(bad("The account's default workspace was deleted; pass workspace_id"));
      expect((await sb.get(`/byok?workspace_id=${sb.examples.workspace}`)).status).toBe(200);
    } finally {
      await sb.close();
    }
  });
});

describe('GET /workspaces/{id}/budgets', () => {
  it('answers by slug or UUID with one budget per interval and include_byok_in_budgets', async () => {
    const sb = sandbox();
    const bySlug = await sb.get(`/workspaces/${sb.examples.workspace_slug}/budgets`);
    expect(bySlug.status).toBe(200);
    expect(Object.keys(bySlug.body).sort()).toEqual(['data', 'include_byok_in_budgets']);
    expect(bySlug.body.include_byok_in_budgets).toBe(false);
    expect(bySlug.body.data.map((b: any) => b.reset_interval)).toEqual(['daily', 'weekly', 'monthly', 'lifetime']);
    for (const b of bySlug.body.data) {
      expect(Object.keys(b).sort()).toEqual(['created_at', 'id', 'limit_usd', 'reset_interval', 'updated_at', 'workspace_id']);
      expect(typeof b.limit_usd).toBe('number');
      expect(b.workspace_id).toBe(sb.examples.workspace);
    }
    expect((await sb.get(`/workspaces/${sb.examples.workspace}/budgets`)).body).toEqual(bySlug.body);
    expect((await sb.get(`/workspaces/${sb.examples.workspace.toUpperCase()}/budgets`)).body).toEqual(bySlug.body);
    expect((await sb.get(`/workspaces/${sb.examples.workspace_without_budgets}/budgets`)).body).toEqual({
      data: [],
      include_byok_in_budgets: true,
    });
  });

  it('answers 404 for an unknown or empty workspace', async () => {
    const sb = sandbox();
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000', '', 'Production']) {
      const res = await sb.get(`/workspaces/${id}/budgets`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual(notFound);
    }
  });
});

describe('GET /tools/{name}', () => {
  it('answers the tool by canonical name and by alias (200 both)', async () => {
    const sb = sandbox();
    const canonical = await sb.get(`/tools/${sb.examples.tool}`);
    expect(canonical.status).toBe(200);
    const t = canonical.body.data;
    for (const f of [
      'id',
      'name',
      'status',
      'summary',
      'tool_description',
      'docs_url',
      'supported_api_formats',
      'default_engine',
      'fallback_engine',
      'aliases',
      'engines',
      'native_support',
      'input_schema',
      'output_schema',
      'parameters_schema',
    ]) {
      expect(t, f).toHaveProperty(f);
    }
    expect(t.id).toBe('openrouter:web_search');
    expect(t.native_support).toMatchObject({ endpoint_count: expect.any(Number), model_count: expect.any(Number) });
    for (const schema of [t.input_schema, t.output_schema, t.parameters_schema])
      expect(schema).toMatchObject({ type: 'object', properties: expect.any(Object) });
    const priced = t.engines.flatMap((e: any) => e.pricing);
    expect(priced.length).toBeGreaterThan(0);
    for (const p of priced)
      expect(p).toEqual({
        mode: expect.any(String),
        unit: expect.any(String),
        price: expect.stringMatching(/^\d+(\.\d+)?$/),
        max_units_per_call: expect.any(Number),
      });
    const alias = await sb.get(`/tools/${sb.examples.tool_alias}`);
    expect(alias.status).toBe(200);
    expect(alias.body).toEqual(canonical.body);
    expect((await sb.get(`/tools/${encodeURIComponent(sb.examples.tool)}`)).body).toEqual(canonical.body);
  });

  it('answers 404 for an unknown or empty name', async () => {
    const sb = sandbox();
    for (const name of ['openrouter:nope', 'web_search_1999', '']) {
      const res = await sb.get(`/tools/${name}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notFound);
    }
  });
});
