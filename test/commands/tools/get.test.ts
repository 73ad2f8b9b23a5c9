// tools get against a scripted server: the checks of every management read, the name checked
// (or percent-encoded) before sending, and --columns with lists and objects.
import { describe, expect, it } from 'vitest';
import { managementRead } from '../../kit/management-read.js';
import { sandboxRuns } from '../../kit/sandbox.js';

const read = managementRead({
  name: 'tools get',
  args: ['tools', 'get', 'openrouter:web_search'],
  path: '/api/v1/tools/openrouter%3Aweb_search',
  fixture: 'tool',
  rows: [
    'id\topenrouter:web_search',
    'name\tWeb search',
    'status\tactive',
    'summary\tSearch the web',
    'tool_description\tSearches the web and returns results with citations.',
    'docs_url\thttps://openrouter.ai/docs/tools/web-search',
    'supported_api_formats\tresponses,chat-completions',
    'aliases\tweb_search_20250305',
    'default_engine\tnative',
    'fallback_engine\texa',
    'native_support\t{"endpoint_count":18,"model_count":12}',
    'engine\texa\tExa\topenrouter\tnone\tauto\tglobal, us\t$0.004 per request (auto, max 1/call)\topenrouter',
    'engine\t\tNative\tprovider\toptional\t\tglobal\t\tprovider',
    '',
  ].join('\n'),
});
const { run } = read;

describe('tools get: input checked before sending', () => {
  it('an empty name exits 2 and sends nothing', async () => {
    await read.refused(['tools', 'get', ''], 'gwctl: missing tool name\n');
  });

  it('a name the document does not rule out is sent, percent-encoded, for the API to judge', async () => {
    read.server.reset();
    await run(['tools', 'get', 'web search']);
    expect(read.server.requests.map((r) => r.url)).toEqual(['/api/v1/tools/web%20search']);
  });
});

describe('tools get: responses', () => {
  it('tools get --columns: lists joined by commas, an object as compact JSON', async () => {
    const r = await run(['tools', 'get', 'openrouter:web_search', '--columns', 'id,supported_api_formats,aliases,native_support']);
    expect(r).toMatchObject({
      code: 0,
      stderr: '',
      stdout: 'openrouter:web_search\tresponses,chat-completions\tweb_search_20250305\t{"endpoint_count":18,"model_count":12}\n',
    });
  });
});

describe('tools get against the sandbox', () => {
  const sandboxed = sandboxRuns();

  it('--json is the body the API serves, by name', async () => {
    const { tool } = sandboxed.sandbox().examples;
    await sandboxed.expectServed(['tools', 'get', tool], `/tools/${encodeURIComponent(tool)}`);
  });

  it('--json is the body the API serves, by alias', async () => {
    const { tool_alias } = sandboxed.sandbox().examples;
    await sandboxed.expectServed(['tools', 'get', tool_alias], `/tools/${tool_alias}`);
  });
});
