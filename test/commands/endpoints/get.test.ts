// endpoints get against a scripted server: the checks of every management read, the id checked
// before sending, plain http refused, unknown fields kept, --columns, a body of the wrong shape
// and control characters from the server.
import { describe, expect, it } from 'vitest';
import { fixture } from '../../kit/bodies.js';
import { gwctl } from '../../kit/cli.js';
import { managementRead, MANAGEMENT_KEY } from '../../kit/management-read.js';
import { forbiddenEnvHint } from '../../kit/hints.js';
import { sandboxRuns } from '../../kit/sandbox.js';

const ENDPOINT_ID = '5b1c4c4e-7d0a-4a8e-9f3a-2d6c1b0e8a11';

const read = managementRead({
  name: 'endpoints get',
  args: ['endpoints', 'get', ENDPOINT_ID],
  path: `/api/v1/private-endpoints/${ENDPOINT_ID}`,
  fixture: 'private-endpoint',
  rows: [
    // API field names (or the column's own name) and raw values, as piped rows carry them.
    `id\t${ENDPOINT_ID}`,
    'status\tactive',
    'model\topenai/gpt-4o',
    'model_permaslug\topenai/gpt-4o-2024-08-06',
    'provider\tazure',
    'upstream_model_id\tgpt-4o-prod',
    'base_url\thttps://contoso.openai.azure.com',
    'declared_zdr\ttrue',
    'declared_region\tus',
    'prompt_price\t0.0000025',
    'completion_price\t0.00001',
    '',
  ].join('\n'),
});
const { run } = read;

describe('endpoints get: input checked before sending', () => {
  it('an id that is not a UUID exits 2 and sends nothing', async () => {
    await read.refused(
      ['endpoints', 'get', 'not-a-uuid'],
      'gwctl: invalid endpoint id "not-a-uuid": must be a UUID such as 7c9e6679-7425-40de-944b-e07fc1f90ae7\n',
    );
  });

  it('refuses to send a key over plain http to a non-loopback host', async () => {
    const r = await gwctl(['endpoints', 'get', ENDPOINT_ID, '--base-url', 'http://example.com/api/v1'], {
      env: { GWCTL_MANAGEMENT_KEY: MANAGEMENT_KEY },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'gwctl: refusing to send a key over plain http to example.com; use an https:// base URL (plain http is allowed only for loopback addresses)\n',
    );
  });
});

describe('endpoints get: responses', () => {
  it('keeps and shows a field the client does not know', async () => {
    const body = fixture('private-endpoint');
    body.data.status = 'paused';
    body.data.capacity = { rpm: 600 };
    read.queue({ body }, { body });
    const rows = await run(['endpoints', 'get', ENDPOINT_ID]);
    expect(rows.code).toBe(0);
    expect(rows.stdout).toContain('status\tpaused\n');
    expect(rows.stdout).toContain('capacity\t{"rpm":600}\n');
    const json = await run(['endpoints', 'get', ENDPOINT_ID, '--json']);
    expect(JSON.parse(json.stdout)).toEqual(body);
  });

  it('--columns and --header pick fields of the detail view as one row of raw values', async () => {
    const r = await run([
      'endpoints',
      'get',
      ENDPOINT_ID,
      '--columns',
      'id,model,provider,declared_zdr,prompt_price,completion_price',
      '--header',
    ]);
    expect(r).toMatchObject({
      code: 0,
      stderr: '',
      stdout: `id\tmodel\tprovider\tdeclared_zdr\tprompt_price\tcompletion_price\n${ENDPOINT_ID}\topenai/gpt-4o\tazure\ttrue\t0.0000025\t0.00001\n`,
    });
  });

  it('reports a body of the wrong shape with exit 1', async () => {
    read.queue({ body: { data: [1, 2] } });
    const r = await run(['endpoints', 'get', ENDPOINT_ID]);
    expect(r).toMatchObject({
      code: 1,
      stdout: '',
      stderr: 'gwctl: HTTP 200: unexpected response for get private endpoint: data is not object\n',
    });
  });

  it('makes control characters from the server visible', async () => {
    const body = fixture('private-endpoint');
    body.data.upstream_model_id = 'gpt\u001b[2J\u0007\u009bx';
    read.queue({ body });
    const r = await run(['endpoints', 'get', ENDPOINT_ID]);
    expect(r.stdout).toContain('upstream_model_id\tgpt\\e[2J\\x07\\x9bx\n');
    expect(r.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  });
});

describe('endpoints get against the sandbox', () => {
  const sandboxed = sandboxRuns();

  it('--json is the body the API serves', async () => {
    const { private_endpoint } = sandboxed.sandbox().examples;
    await sandboxed.expectServed(['endpoints', 'get', private_endpoint], `/private-endpoints/${private_endpoint}`);
  });

  it('a plain API key cannot read management routes (exit 4)', async () => {
    const r = await sandboxed.run(['endpoints', 'get', sandboxed.sandbox().examples.private_endpoint], { management: 'api' });
    // The 403 says which key went out: here the API key, given as the management key.
    const hint = forbiddenEnvHint('management', sandboxed.sandbox().keys.api);
    expect(r).toMatchObject({ code: 4, stdout: '', stderr: `gwctl: HTTP 403: Only management keys can perform this operation${hint}\n` });
  });
});
