// The one reading of the command line, through the built gwctl against the sandbox: a global
// option before the command word is the global one even where the command has an option of the
// same name, the global --timeout reads durations, a suggested command goes where the run went,
// and help lists every environment variable the source reads.
import { describe, expect, it } from 'vitest';
import { environment } from '../../src/commands/global-options.js';
import { useSandbox } from '../kit/sandbox.js';
import { runGwctl, tempConfigDir } from '../kit/spawn.js';

const sandbox = useSandbox();

describe('global options before the command word', () => {
  it('`--timeout` before `batches get` is the request timeout, as a duration, with or without the wait', async () => {
    const sb = sandbox();
    sb.fault({ match: 'GET /batches', delay_ms: 3_000 });
    const id = sb.examples.batches.completed;
    const noAnswer = `gwctl: no answer from 127.0.0.1:${new URL(sb.baseUrl).port} within 0.3s\n`;
    const plain = await runGwctl(['--timeout', '0.3s', '--retries', '0', 'batches', 'get', id], { env: sb.env() });
    expect(plain).toMatchObject({ code: 7, stdout: '', stderr: noAnswer });
    // The contract's example: a request timeout before the word, the wait's deadline after it.
    const waiting = await runGwctl(['--timeout', '0.3', '--retries', '0', 'batches', 'get', id, '--wait', '--timeout', '10m'], {
      env: sb.env(),
    });
    expect(waiting).toMatchObject({ code: 7, stdout: '', stderr: noAnswer });
  });

  it('`--timeout` before `interns wait` is the request timeout; after it, the deadline', async () => {
    const sb = sandbox();
    const id = sb.examples.intern;
    const status = (await sb.get(`/interns/${id}`, 'api')).body as { status: string };
    const r = await runGwctl(['--timeout', '1m', 'interns', 'wait', id, '--for', `status=${status.status}`, '--timeout', '5s'], {
      env: sb.env(),
    });
    expect(r).toMatchObject({ code: 0, stderr: '' });
  });

  it('`--header` before `api` is the row header; `-H` after it is the HTTP header', async () => {
    const sb = sandbox();
    const r = await runGwctl(['--header', 'api', 'interns?limit=1', '-H', 'X-Trace: 1', '--jq', '.data | length'], { env: sb.env() });
    // --header is a row option: with --jq it is refused as such, which shows it was read as the global one.
    expect(r).toMatchObject({ code: 2, stdout: '' });
    expect(r.stderr).toMatch(/^\{"error":\{"status":null,"message":"--header cannot be used with --jq/);
  });
});

describe('a suggested command goes where the run went', () => {
  it('the next page hint repeats --profile and --sandbox, and pasted, shows the next page', async () => {
    const dir = tempConfigDir();
    const r = await runGwctl(['--profile', 'ops', '--sandbox', 'interns', 'ls', '--limit', '2'], { configDir: dir });
    expect(r.code).toBe(0);
    const hint = /^More interns exist: (gwctl .*) \(or --all for every page\)\n$/.exec(r.stderr);
    expect(hint?.[1]).toMatch(/^gwctl interns ls --limit 2 --starting-after \S+ --profile ops --sandbox$/);
    const next = await runGwctl(hint![1]!.split(' ').slice(1), { configDir: dir });
    expect(next.code).toBe(0);
    expect(next.stdout.split('\n')[0]).not.toBe(r.stdout.split('\n')[0]);
  });

  it('and --base-url when it was given as a flag', async () => {
    const sb = sandbox();
    const { GWCTL_BASE_URL: _base, ...keys } = sb.env();
    const r = await runGwctl(['interns', 'ls', '--limit', '1', '--base-url', sb.baseUrl], { env: keys });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      new RegExp(
        `^More interns exist: gwctl interns ls --limit 1 --starting-after \\S+ --base-url ${sb.baseUrl.replaceAll('.', '\\.')} \\(or`,
      ),
    );
    // From the environment, the base URL is where the pasted command runs too: not repeated.
    const fromEnv = await runGwctl(['interns', 'ls', '--limit', '1'], { env: sb.env() });
    expect(fromEnv.stderr).toMatch(/^More interns exist: gwctl interns ls --limit 1 --starting-after \S+ \(or/);
  });
});

describe('help lists every environment variable gwctl reads', () => {
  // Every read goes through a declaration (a lint rule refuses `env.NAME` in src/), so the
  // declarations are the list: help must show each, with what it does.
  it('in --help and in help --json: every declared variable, described', async () => {
    const declared = environment().map((e) => e.name);
    expect(declared).toEqual(
      expect.arrayContaining(['GWCTL_MANAGEMENT_KEY_COMMAND', 'GWCTL_API_KEY_COMMAND', 'GWCTL_SANDBOX_CHURN', 'HOME', 'NO_PROXY']),
    );
    const help = await runGwctl(['--help']);
    const listed = /Environment: ([^.]*)\./.exec(help.stdout.replaceAll('\n', ' '))![1]!.split(/,\s*/);
    expect(declared.filter((name) => !listed.includes(name))).toEqual([]);
    const model = JSON.parse((await runGwctl(['help', '--json'])).stdout) as { environment: { name: string; description: string }[] };
    expect(model.environment.map((e) => e.name)).toEqual(declared);
    expect(model.environment.every((e) => e.description.length > 0)).toBe(true);
  });
});
