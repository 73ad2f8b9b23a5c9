// GET /interns, GET /interns/{id}, POST /interns/{id}/suspend: fields, order, paging, the
// cursor, filters, the limits, and suspend's state change and refusals.
import { describe, expect, it } from 'vitest';
import { INTERN_STATUSES } from '../../src/api/vocabulary.js';
import { startTestSandbox, useSandbox } from '../kit/sandbox.js';

const sandbox = useSandbox();

const INTERN_FIELDS = [
  'id',
  'name',
  'description',
  'instructions',
  'model',
  'status',
  'hostname',
  'progress',
  'last_failure_message',
  'vault_id',
  'attached_vault_id',
  'workspace_id',
  'created_at',
  'updated_at',
].sort();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function invalid(message: string) {
  return { error: { code: 400, message, metadata: { reason: 'invalid_body', retryable: false } } };
}

async function all(query = '', limit = 500): Promise<any[]> {
  const sb = sandbox();
  const out: any[] = [];
  let cursor: string | undefined;
  for (;;) {
    const res = await sb.get(`/interns?limit=${limit}${query}${cursor ? `&starting_after=${cursor}` : ''}`);
    expect(res.status).toBe(200);
    out.push(...res.body.data);
    if (!res.body.has_more) {
      expect('next_cursor' in res.body).toBe(false);
      return out;
    }
    cursor = res.body.next_cursor;
  }
}

describe('GET /interns', () => {
  it('answers 50 interns by default, newest first, with has_more and an opaque next_cursor', async () => {
    const res = await sandbox().get('/interns', 'api');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'has_more', 'next_cursor']);
    expect(res.body.data).toHaveLength(50);
    expect(res.body.has_more).toBe(true);
    expect(res.body.next_cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const times = res.body.data.map((i: any) => Date.parse(i.created_at));
    for (let k = 1; k < times.length; k++) expect(times[k]).toBeLessThan(times[k - 1]);
  });

  it('gives every intern every field of the document, with the documented types', async () => {
    const interns = await all();
    expect(interns).toHaveLength(300);
    expect(new Set(interns.map((i) => i.id)).size).toBe(300);
    for (const i of interns) {
      expect(Object.keys(i).sort()).toEqual(INTERN_FIELDS);
      expect(i.id).toMatch(UUID);
      expect(typeof i.name).toBe('string');
      expect(INTERN_STATUSES).toContain(i.status);
      expect(i.workspace_id).toBe(sandbox().examples.workspace);
      for (const f of ['description', 'instructions', 'model', 'hostname', 'last_failure_message'])
        expect(i[f] === null || typeof i[f] === 'string').toBe(true);
      for (const f of ['vault_id', 'attached_vault_id']) expect(i[f] === null || UUID.test(i[f])).toBe(true);
      expect(i.progress === null || typeof i.progress === 'object').toBe(true);
      expect(new Date(i.created_at).toISOString()).toBe(i.created_at);
      if (i.status === 'failed') expect(typeof i.last_failure_message).toBe('string');
      else expect(i.last_failure_message).toBeNull();
    }
    // The variety the demo data promises.
    expect(new Set(interns.map((i) => i.status))).toEqual(new Set(INTERN_STATUSES));
    expect(interns.some((i) => i.model === null)).toBe(true);
    expect(interns.some((i) => i.attached_vault_id !== null)).toBe(true);
    expect(interns.some((i) => i.hostname === null)).toBe(true);
    expect(interns.some((i) => i.vault_id === null)).toBe(true);
    expect(interns.some((i) => /[^\x00-\x7f]/.test(i.name))).toBe(true);
    expect(interns.some((i) => i.progress !== null)).toBe(true);
  });

  it('pages without gaps or repeats, and the same pages every time', async () => {
    const big = await all('', 500);
    const small = await all('', 7);
    expect(small.map((i) => i.id)).toEqual(big.map((i) => i.id));
    expect(await all('', 500)).toEqual(big);
  });

  it('accepts page sizes 1 to 500 and refuses others with 400 invalid_body', async () => {
    const sb = sandbox();
    expect((await sb.get('/interns?limit=1')).body.data).toHaveLength(1);
    expect((await sb.get('/interns?limit=500')).body.data).toHaveLength(300);
    for (const bad of ['0', '501', '-1', 'abc', '1.5', '', '1e2']) {
      const res = await sb.get(`/interns?limit=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body).toEqual(invalid('limit must be an integer from 1 to 500'));
    }
    expect((await sb.get('/interns?limit=2&limit=3')).body).toEqual(invalid('limit may be given only once'));
  });

  it('filters by status, collapses repeats, and refuses unknown statuses and more than 8', async () => {
    const sb = sandbox();
    const running = await all('&status=running,failed');
    expect(running.length).toBeGreaterThan(0);
    expect(new Set(running.map((i) => i.status))).toEqual(new Set(['running', 'failed']));
    const everything = await all('&status=running,failed');
    expect(everything).toEqual(running);
    const repeated = await sb.get('/interns?limit=500&status=failed,failed,failed');
    expect(repeated.body.data.every((i: any) => i.status === 'failed')).toBe(true);
    // Nine entries that collapse to eight are accepted.
    const nine = [...INTERN_STATUSES, 'running'].join(',');
    expect((await sb.get(`/interns?status=${nine}`)).status).toBe(200);
    const tooMany = await sb.get(`/interns?status=${[...INTERN_STATUSES, 'sleeping'].join(',')}`);
    expect(tooMany.body).toEqual(invalid('status takes at most 8 statuses'));
    const unknown = await sb.get('/interns?status=running,sleeping');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.metadata).toEqual({ reason: 'invalid_body', retryable: false });
    expect(unknown.body.error.message).toContain('sleeping');
    // The sandbox follows the document's spelling, not openapi.json's.
    expect((await sb.get('/interns?status=awaiting_slack_install')).status).toBe(400);
    expect((await sb.get('/interns?status=')).status).toBe(400);
  });

  it('pages a status filter with the cursor', async () => {
    const failed = await all('&status=failed', 3);
    const once = (await sandbox().get('/interns?limit=500&status=failed')).body.data;
    expect(failed).toEqual(once);
  });

  it('refuses a malformed cursor with 400 invalid_body', async () => {
    const sb = sandbox();
    const forged = Buffer.from(JSON.stringify({ v: 1, after: '00000000-0000-4000-8000-000000000000' })).toString('base64url');
    for (const cursor of ['not*base64', 'abc', forged, Buffer.from('{"v":2}').toString('base64url'), '%20']) {
      const res = await sb.get(`/interns?starting_after=${encodeURIComponent(cursor)}`);
      expect(res.status, cursor).toBe(400);
      expect(res.body).toEqual(invalid('starting_after is not a cursor returned by this API'));
    }
  });

  it('takes a workspace_id only when it is the key workspace', async () => {
    const sb = sandbox();
    expect((await sb.get(`/interns?workspace_id=${sb.examples.workspace}`)).status).toBe(200);
    expect((await sb.get(`/interns?workspace_id=${sb.examples.workspace.toUpperCase()}`)).status).toBe(200);
    expect((await sb.get('/interns?workspace_id=a81d4e2b-5c3f-4a9e-b7d0-6e1f2c9a8b54')).body).toEqual(
      invalid('workspace_id does not match the workspace of the API key'),
    );
    expect((await sb.get('/interns?workspace_id=production')).body).toEqual(invalid('workspace_id must be a UUID'));
  });
});

describe('GET /interns/{id}', () => {
  it('answers the intern unwrapped, the same as in the list', async () => {
    const sb = sandbox();
    const listed = (await sb.get('/interns?limit=500')).body.data.find((i: any) => i.id === sb.examples.failed_intern);
    const res = await sb.get(`/interns/${sb.examples.failed_intern}`, 'api');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(listed);
    expect(res.body.status).toBe('failed');
    expect(res.body.last_failure_message).toEqual(expect.any(String));
    expect((await sb.get(`/interns/${sb.examples.failed_intern.toUpperCase()}`)).body.id).toBe(sb.examples.failed_intern);
  });

  it('answers 404 not_found for an unknown id, a non-UUID and an empty id', async () => {
    const sb = sandbox();
    const notFound = { error: { code: 404, message: 'Intern not found', metadata: { reason: 'not_found', retryable: false } } };
    for (const id of ['00000000-0000-4000-8000-000000000000', 'research-assistant', '']) {
      const res = await sb.get(`/interns/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual(notFound);
    }
  });
});

describe('POST /interns/{id}/suspend', () => {
  it('stops a running intern and answers {suspended: true}; reset brings it back', async () => {
    const sb = sandbox();
    const before = (await sb.get(`/interns/${sb.examples.intern}`)).body;
    expect(before.status).toBe('running');
    const res = await sb.post(`/interns/${sb.examples.intern}/suspend`, undefined, 'api');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ suspended: true });
    const after = (await sb.get(`/interns/${sb.examples.intern}`)).body;
    expect(after.status).toBe('stopped');
    expect(after.updated_at).not.toBe(before.updated_at);
    expect({ ...after, status: before.status, updated_at: before.updated_at }).toEqual(before);
    const listed = (await sb.get('/interns?limit=500&status=stopped')).body.data.map((i: any) => i.id);
    expect(listed).toContain(sb.examples.intern);
    sb.reset();
    expect((await sb.get(`/interns/${sb.examples.intern}`)).body).toEqual(before);
  });

  it('accepts no body, an empty body and {} ; a stopped intern stays stopped', async () => {
    const sb = sandbox();
    const path = `/interns/${sb.examples.stopped_intern}/suspend`;
    expect((await sb.request('POST', path)).body).toEqual({ suspended: true });
    expect((await sb.request('POST', path, { body: '', headers: { 'content-type': 'text/plain' } })).status).toBe(200);
    expect((await sb.request('POST', path, { body: {} })).body).toEqual({ suspended: true });
    expect(
      (await sb.request('POST', path, { body: ' {  } ', headers: { 'content-type': 'application/json; charset=utf-8' } })).status,
    ).toBe(200);
    expect((await sb.get(`/interns/${sb.examples.stopped_intern}`)).body.status).toBe('stopped');
  });

  it('refuses a body carrying any field, and bodies that are not an empty object, with 400', async () => {
    const sb = sandbox();
    const path = `/interns/${sb.examples.intern}/suspend`;
    for (const body of [{ force: true }, { reason: null }]) {
      const res = await sb.request('POST', path, { body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(invalid('Invalid request body: suspend takes no body fields'));
    }
    for (const text of ['null', '[]', '"x"', '1']) {
      expect((await sb.request('POST', path, { body: text, headers: { 'content-type': 'application/json' } })).status, text).toBe(400);
    }
    const broken = await sb.request('POST', path, { body: '{"a":', headers: { 'content-type': 'application/json' } });
    expect(broken.body).toEqual(invalid('Invalid request body: not valid JSON'));
    expect((await sb.get(`/interns/${sb.examples.intern}`)).body.status).toBe('running');
  });

  it('answers 415 for a body that is not application/json', async () => {
    const sb = sandbox();
    for (const headers of [
      { 'content-type': 'text/plain' },
      { 'content-type': 'application/x-www-form-urlencoded' },
      {} as Record<string, string>,
    ]) {
      const res = await sb.request('POST', `/interns/${sb.examples.intern}/suspend`, { body: '{}', headers });
      expect(res.status).toBe(415);
      expect(res.body).toEqual({
        error: {
          code: 415,
          message: 'Request body must be sent as application/json',
          metadata: { reason: 'unsupported_media_type', retryable: false },
        },
      });
    }
  });

  it('answers 413 above 1048576 bytes and accepts exactly 1048576', async () => {
    const sb = sandbox();
    const path = `/interns/${sb.examples.intern}/suspend`;
    const atLimit = `{}${' '.repeat(1_048_576 - 2)}`;
    expect((await sb.request('POST', path, { body: atLimit, headers: { 'content-type': 'application/json' } })).status).toBe(200);
    sb.reset();
    const over = `{}${' '.repeat(1_048_576 - 1)}`;
    const res = await sb.request('POST', path, { body: over, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      error: { code: 413, message: 'Request body exceeds 1048576 bytes', metadata: { reason: 'payload_too_large', retryable: false } },
    });
    expect((await sb.get(`/interns/${sb.examples.intern}`)).body.status).toBe('running');
  });

  it('answers 409 intern_busy (retryable) while another operation holds the intern', async () => {
    const sb = sandbox();
    const busy = (await sb.get('/interns?limit=500&status=provisioning,destroying')).body.data;
    expect(busy.length).toBeGreaterThan(1);
    for (const intern of [busy[0], busy[busy.length - 1], { id: sb.examples.busy_intern }]) {
      const res = await sb.post(`/interns/${intern.id}/suspend`);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        error: {
          code: 409,
          message: 'The intern is not in a state that allows this operation',
          metadata: { reason: 'intern_busy', retryable: true },
        },
      });
    }
    expect((await sb.get(`/interns/${sb.examples.busy_intern}`)).body.status).toBe('provisioning');
  });

  it('answers 404 for an unknown intern and 400 for an empty id', async () => {
    const sb = sandbox();
    expect((await sb.post('/interns/00000000-0000-4000-8000-000000000000/suspend')).status).toBe(404);
    const empty = await sb.post('/interns//suspend');
    expect(empty.body).toEqual(invalid('path parameter must not be empty'));
  });
});

describe('a catalogue of 100000 interns', () => {
  // How fast it starts and pages is measured by bench/run.sh, not here.
  it('pages through every intern once, in 200 pages of 500', async () => {
    const sb = await startTestSandbox({ interns: 100_000 });
    try {
      const seen = new Set<string>();
      let cursor: string | undefined;
      let pages = 0;
      do {
        const res = await sb.get(`/interns?limit=500${cursor ? `&starting_after=${cursor}` : ''}`);
        for (const i of res.body.data) seen.add(i.id);
        cursor = res.body.next_cursor;
        pages++;
      } while (cursor);
      expect(pages).toBe(200);
      expect(seen.size).toBe(100_000);
      // The fixed roles are there whatever the size.
      expect((await sb.get(`/interns/${sb.examples.intern}`)).body.status).toBe('running');
    } finally {
      await sb.close();
    }
  });
});
