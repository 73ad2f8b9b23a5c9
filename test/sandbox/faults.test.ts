// Fault injection, the request log, reset and the rest of the control API; unknown routes.
import { describe, expect, it } from 'vitest';
import { FaultSpecError, parseFaultText } from '../../src/sandbox/server.js';
import { startTestSandbox, useSandbox } from '../kit/sandbox.js';

const sandbox = useSandbox();

describe('faults through the control API', () => {
  it('answers the status with Retry-After for `times` requests, then behaves again', async () => {
    const sb = sandbox();
    const added = await sb.post('/_sandbox/faults', { match: 'GET /api/v1/interns', status: 503, retry_after: '1', times: 2 }, null);
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({
      id: expect.any(Number),
      match: 'GET /api/v1/interns',
      status: 503,
      retry_after: '1',
      remaining: 2,
      hits: 0,
    });
    for (let k = 0; k < 2; k++) {
      const res = await sb.get('/interns', 'api');
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.body).toEqual({ error: { code: 503, message: 'Service Unavailable' } });
    }
    const third = await sb.get('/interns', 'api');
    expect(third.status).toBe(200);
    expect(third.headers['retry-after']).toBeUndefined();
    expect((await sb.get('/_sandbox/faults', null)).body).toEqual({ data: [] });
  });

  it("uses the route family's own envelope when only a status is given", async () => {
    const sb = sandbox();
    sb.fault({ match: 'GET /interns', status: 502, times: 1 });
    expect((await sb.get('/interns')).body).toEqual({
      error: {
        code: 502,
        message: 'The intern service could not be reached, retry the request',
        metadata: { reason: 'upstream_unavailable', retryable: true },
      },
    });
    sb.fault({ match: 'POST /interns/', status: 500, times: 1 });
    expect((await sb.post(`/interns/${sb.examples.intern}/suspend`)).body).toEqual({
      error: { code: 500, message: 'The request could not be completed', metadata: { reason: 'internal_error', retryable: true } },
    });
    sb.fault({ match: 'GET /batches/', status: 502, times: 1 });
    expect((await sb.get(`/batches/${sb.examples.batches.completed}`)).body).toEqual({
      error: { code: 502, message: 'Upstream batch-api is unavailable.' },
    });
    sb.fault({ match: 'DELETE /batches/', status: 500, times: 1 });
    expect((await sb.del(`/batches/${sb.examples.batches.completed}`)).body).toEqual({
      error: { code: 500, message: 'Internal server error.' },
    });
    sb.fault({ match: 'POST /presets', status: 409, times: 1 });
    expect((await sb.post('/presets/x/messages', { model: 'm' })).body).toEqual({
      error: { code: 409, message: 'Resource conflict. Please try again later.' },
    });
    sb.fault({ match: 'GET /private-endpoints', status: 500, times: 1 });
    expect((await sb.get(`/private-endpoints/${sb.examples.private_endpoint}`)).body).toEqual({
      error: { code: 500, message: 'Internal Server Error' },
      user_id: 'user_sandbox_0001',
      service_metadata: null,
    });
    // Nothing changed underneath: the delete above never ran.
    expect((await sb.get(`/batches/${sb.examples.batches.completed}`)).status).toBe(200);
  });

  it('delays a response by delay_ms', async () => {
    const sb = sandbox();
    sb.fault({ match: 'GET /tools', delay_ms: 300, times: 1 });
    const began = performance.now();
    const res = await sb.get(`/tools/${sb.examples.tool}`);
    expect(performance.now() - began).toBeGreaterThanOrEqual(290);
    expect(res.status).toBe(200);
    const quick = performance.now();
    await sb.get(`/tools/${sb.examples.tool}`);
    expect(performance.now() - quick).toBeLessThan(250);
  });

  it('turns a delay past the operation timeout into 408 on interns routes and the endpoint read', async () => {
    const sb = await startTestSandbox({ operationTimeoutMs: 150 });
    try {
      sb.fault({ match: 'GET /interns', delay_ms: 5000, times: 1 });
      const began = performance.now();
      const res = await sb.get('/interns');
      expect(performance.now() - began).toBeLessThan(2000);
      expect(res.status).toBe(408);
      expect(res.body).toEqual({
        error: {
          code: 408,
          message: 'Operation timed out after 10s. Please try again later.',
          metadata: { reason: 'timeout', retryable: true },
        },
      });
      sb.fault({ match: 'GET /private-endpoints', delay_ms: 5000, times: 1 });
      expect((await sb.get(`/private-endpoints/${sb.examples.private_endpoint}`)).body).toEqual({
        error: { code: 408, message: 'Operation timed out. Please try again later.' },
        user_id: 'user_sandbox_0001',
        service_metadata: null,
      });
      // Routes without an operation timeout just wait.
      sb.fault({ match: 'GET /tools', delay_ms: 200, times: 1 });
      expect((await sb.get(`/tools/${sb.examples.tool}`)).status).toBe(200);
    } finally {
      await sb.close();
    }
  });

  it('sends an HTML page, an empty body, or text that is not JSON', async () => {
    const sb = sandbox();
    sb.fault({ match: 'GET /byok', status: 502, body: 'html', times: 1 });
    const html = await sb.get('/byok');
    expect(html.status).toBe(502);
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.text).toContain('<h1>502 Bad Gateway</h1>');
    sb.fault({ match: 'GET /byok', status: 200, body: 'empty', times: 1 });
    const empty = await sb.get('/byok');
    expect(empty.status).toBe(200);
    expect(empty.headers['content-type']).toBe('application/json');
    expect(empty.text).toBe('');
    sb.fault({ match: 'GET /byok', body: 'not-json', times: 1 });
    const notJson = await sb.get('/byok');
    expect(notJson.status).toBe(200);
    expect(notJson.headers['content-type']).toBe('application/json');
    expect(notJson.text.length).toBeGreaterThan(0);
    expect(notJson.body).toBeUndefined();
  });

  it('sends any JSON body as given, with extra headers', async () => {
    const sb = sandbox();
    sb.fault({
      match: 'GET /tools/web_search_20250305',
      status: 308,
      body: {},
      headers: { location: '/api/v1/tools/openrouter:web_search' },
      times: 1,
    });
    const res = await sb.get('/tools/web_search_20250305');
    expect(res.status).toBe(308);
    expect(res.headers.location).toBe('/api/v1/tools/openrouter:web_search');
    sb.fault({ match: 'GET /interns', status: 429, body: { error: { code: 'rate_limited', message: 'slow down' } }, times: 1 });
    expect((await sb.get('/interns')).body).toEqual({ error: { code: 'rate_limited', message: 'slow down' } });
  });

  it('cuts a response off mid-body (the request still took effect)', async () => {
    const sb = sandbox();
    sb.fault({ match: 'POST /interns/', body: 'truncated', times: 1 });
    await expect(sb.post(`/interns/${sb.examples.intern}/suspend`)).rejects.toThrow();
    expect((await sb.get(`/interns/${sb.examples.intern}`)).body.status).toBe('stopped');
    sb.fault({ match: 'GET /interns', status: 500, body: 'truncated', times: 1 });
    await expect(sb.get('/interns')).rejects.toThrow();
    expect((await sb.get('/interns')).status).toBe(200);
  });

  it('drops the connection without an answer', async () => {
    const sb = sandbox();
    sb.fault({ match: '* /batches', drop: true, times: 1 });
    await expect(sb.get(`/batches/${sb.examples.batches.completed}`)).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect((await sb.get(`/batches/${sb.examples.batches.completed}`)).status).toBe(200);
    expect(sb.requests().map((r) => r.status)).toEqual([null, 200]);
  });

  it('matches by method, prefix and regular expression', async () => {
    const sb = sandbox();
    sb.fault({ match: 'DELETE /batches', status: 502 });
    expect((await sb.get(`/batches/${sb.examples.batches.completed}`)).status).toBe(200);
    expect((await sb.del(`/batches/${sb.examples.batches.completed}`)).status).toBe(502);
    sb.clearFaults();
    sb.fault({ match: 're:^GET /api/v1/interns\\?.*status=failed', status: 500 });
    expect((await sb.get('/interns?status=running')).status).toBe(200);
    expect((await sb.get('/interns?status=failed')).status).toBe(500);
    sb.clearFaults();
    sb.fault({ match: '/api/v1/tools', status: 503 });
    expect((await sb.get('/tools/x')).status).toBe(503);
    expect((await sb.get('/byok')).status).toBe(200);
  });

  it('lists, removes one and clears faults; refuses invalid specs with 400, all or nothing', async () => {
    const sb = sandbox();
    const one = (await sb.post('/_sandbox/faults', { match: 'GET /byok', status: 500 }, null)).body.data;
    const many = await sb.post(
      '/_sandbox/faults',
      [
        { match: 'GET /tools', status: 500 },
        { match: 'GET /interns', drop: true },
      ],
      null,
    );
    expect(many.status).toBe(201);
    expect(many.body.data).toHaveLength(2);
    expect((await sb.get('/_sandbox/faults', null)).body.data.map((f: any) => f.match)).toEqual([
      'GET /byok',
      'GET /tools',
      'GET /interns',
    ]);
    expect((await sb.del(`/_sandbox/faults/${one.id}`, null)).body).toEqual({ deleted: 1 });
    expect((await sb.del(`/_sandbox/faults/${one.id}`, null)).status).toBe(404);
    expect((await sb.del('/_sandbox/faults', null)).body).toEqual({ deleted: 2 });
    for (const spec of [
      { status: 500 },
      { match: 'GET interns', status: 500 },
      { match: 'GET /x', status: 99 },
      { match: 'GET /x' },
      { match: 'GET /x', drop: 'yes' },
      { match: 'GET /x', times: 0 },
      { match: 'GET /x', status: 500, colour: 'red' },
      { match: 're:(', status: 500 },
    ]) {
      const res = await sb.post('/_sandbox/faults', spec, null);
      expect(res.status, JSON.stringify(spec)).toBe(400);
      expect(res.body).toEqual({ error: { code: 400, message: expect.any(String) } });
    }
    expect((await sb.post('/_sandbox/faults', [{ match: 'GET /ok', status: 500 }, { match: 'bad' }], null)).status).toBe(400);
    expect((await sb.request('POST', '/_sandbox/faults', { body: 'nope', key: null })).status).toBe(400);
    expect(sb.faults()).toEqual([]);
  });

  it('never applies to the control API', async () => {
    const sb = sandbox();
    sb.fault({ match: 're:.*', drop: true });
    expect((await sb.get('/_sandbox/faults', null)).status).toBe(200);
    expect((await sb.post('/_sandbox/reset', undefined, null)).body).toEqual({ reset: true });
  });
});

describe('the request log', () => {
  it('records method, path, query, whether a key was sent and which demo key class, never the key', async () => {
    const sb = sandbox();
    await sb.get('/interns?limit=2&status=running,failed', 'api');
    await sb.get('/byok', null);
    await sb.get('/byok', 'someone-elses-key-123456');
    await sb.post('/presets/logged/messages', { model: 'm' });
    const log = (await sb.get('/_sandbox/requests', null)).body.data;
    expect(log.map((r: any) => [r.method, r.path, r.query, r.authorization, r.key, r.status])).toEqual([
      ['GET', '/api/v1/interns', { limit: '2', status: 'running,failed' }, true, 'api', 200],
      ['GET', '/api/v1/byok', {}, false, null, 401],
      ['GET', '/api/v1/byok', {}, true, 'unknown', 401],
      ['POST', '/api/v1/presets/logged/messages', {}, true, 'management', 200],
    ]);
    expect(log[3]).toMatchObject({ content_type: 'application/json', body: { model: 'm' }, body_bytes: 13, fault: null });
    const text = JSON.stringify(log);
    for (const key of [...Object.values(sb.keys), 'someone-elses-key-123456']) expect(text).not.toContain(key);
    expect((await sb.del('/_sandbox/requests', null)).body).toEqual({ deleted: 4 });
    expect(sb.requests()).toEqual([]);
  });

  it('notes the fault that affected a request', async () => {
    const sb = sandbox();
    const fault = sb.fault({ match: 'GET /byok', status: 503, times: 1 });
    await sb.get('/byok');
    await sb.get('/byok');
    expect(sb.requests().map((r) => [r.status, r.fault])).toEqual([
      [503, fault.id],
      [200, null],
    ]);
  });
});

describe('the rest of the control API', () => {
  it('GET /_sandbox answers the ready line', async () => {
    const sb = sandbox();
    expect((await sb.get('/_sandbox', null)).body).toEqual({ base_url: sb.baseUrl, keys: sb.keys, examples: sb.examples });
  });

  it('POST /_sandbox/reset restores the seeded state, the start-up faults and an empty log', async () => {
    const sb = await startTestSandbox({ faults: ['GET /tools 503 times=1'] });
    try {
      expect((await sb.get(`/tools/${sb.examples.tool}`)).status).toBe(503);
      expect((await sb.get(`/tools/${sb.examples.tool}`)).status).toBe(200);
      await sb.post(`/interns/${sb.examples.intern}/suspend`);
      await sb.del(`/batches/${sb.examples.batches.completed}`);
      await sb.post('/presets/fresh/messages', { model: 'm' });
      sb.fault({ match: 'GET /byok', status: 500 });
      expect((await sb.post('/_sandbox/reset', undefined, null)).body).toEqual({ reset: true });
      expect(sb.requests()).toEqual([]);
      expect(sb.faults().map((f) => f.match)).toEqual(['GET /tools']);
      expect((await sb.get(`/tools/${sb.examples.tool}`)).status).toBe(503);
      expect((await sb.get(`/interns/${sb.examples.intern}`)).body.status).toBe('running');
      expect((await sb.get(`/batches/${sb.examples.batches.completed}`)).status).toBe(200);
      expect((await sb.post('/presets/fresh/messages', { model: 'm' })).body.data.designated_version.version).toBe(1);
    } finally {
      await sb.close();
    }
  });

  it('answers 404 and 405 for unknown control routes and methods', async () => {
    const sb = sandbox();
    expect((await sb.get('/_sandbox/nothing', null)).status).toBe(404);
    expect((await sb.request('PUT', '/_sandbox/faults', { key: null })).status).toBe(405);
  });
});

describe('outside the operations the commands perform', () => {
  it('answers 404 for unknown paths and 405 with Allow for a known path with another method', async () => {
    const sb = sandbox();
    const unknown = await sb.get('/models');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: { code: 404, message: 'No route for GET /api/v1/models' } });
    const method = await sb.request('PUT', `/batches/${sb.examples.batches.completed}`);
    expect(method.status).toBe(405);
    expect(method.headers.allow).toBe('GET, DELETE');
    const outside = await sb.request('GET', '/_sandboxed', { key: null }).catch(() => undefined);
    expect(outside?.status).toBe(404);
  });
});

describe('the --fault text form', () => {
  it('parses method, path, status, retry-after, delay, body, drop and times', () => {
    expect(parseFaultText('GET /interns 503 retry-after=1 times=2')).toEqual({
      match: 'GET /interns',
      status: 503,
      retry_after: '1',
      times: 2,
    });
    expect(parseFaultText('* /batches drop times=1')).toEqual({ match: '* /batches', drop: true, times: 1 });
    expect(parseFaultText('/tools delay=2s')).toEqual({ match: '/tools', delay_ms: 2000 });
    expect(parseFaultText('POST /interns/ delay=1500 body=truncated')).toEqual({
      match: 'POST /interns/',
      delay_ms: 1500,
      body: 'truncated',
    });
    expect(parseFaultText('GET /byok 502 body=html')).toEqual({ match: 'GET /byok', status: 502, body: 'html' });
    expect(parseFaultText('GET /byok 400 body={"error":{"code":400,"message":"x"}}')).toEqual({
      match: 'GET /byok',
      status: 400,
      body: { error: { code: 400, message: 'x' } },
    });
    expect(parseFaultText('re:^GET\\s/api/v1/interns$ 500')).toEqual({ match: 're:^GET\\s/api/v1/interns$', status: 500 });
  });

  it('refuses what it does not understand', () => {
    for (const text of [
      '',
      'GET',
      'GET interns 503',
      'GET /x bogus',
      'GET /x times=0 500',
      'GET /x delay=soon',
      'GET /x 503 body={bad',
      'GET /x',
    ]) {
      expect(() => parseFaultText(text), text).toThrow(FaultSpecError);
    }
  });
});
