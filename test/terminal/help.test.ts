// Help that teaches: `gwctl help exit-codes`, `gwctl help <command...>` equal to `--help`,
// examples (with a `--json | jq` one) in the root and every group, and suggestions for typos.
import { describe, expect, it } from 'vitest';
import { commands, groupSummaries } from '../../src/cli/registry.js';
import { gwctl } from '../kit/cli.js';

const EXIT_CODES = `Exit codes:

  0    success (an empty list is a success)
  1    any other failure: an unexpected or unreadable response, a 5xx the API
       marked not retryable, a batch that --wait saw end other than completed,
       a host name that does not resolve
  2    usage or input error found before sending (bad flag, bad id,
       out-of-range value, missing --yes), API 400, 413, 415
  3    cancelled: a confirmation was declined
  4    no credentials, API 401 or 403
  5    API 404 or 410
  6    API 409 (retryable or not, once the retries are spent)
  7    transient failure that outlived the retries: 408, 429, 500, 502, 503,
       504, a timeout, a refused or reset connection, a name server that failed
       for now
  8    an action on several targets failed for some or all of them (see the
       per-target results)
  130  interrupted (Ctrl-C)
  143  ended by SIGTERM (a CI runner cancelling it; a watch prints the events
       so far)

The HTTP status decides the exit code; the API's 'retryable' decides whether a
request is tried again. Where the API says nothing, 408, 409 intern_busy, 429,
500, 502, 503, 504 and connection failures are retried.

Examples:
  $ gwctl interns get "$id" >/dev/null; [ $? -eq 5 ] && echo "no such intern"
  $ gwctl batches delete "$id" --yes || case $? in 5) ;; *) exit 1 ;; esac
`;

describe('gwctl help exit-codes', () => {
  it('prints the exit-code table', async () => {
    const run = await gwctl(['help', 'exit-codes']);
    expect(run).toMatchObject({ code: 0, stdout: EXIT_CODES, stderr: '' });
    for (const line of run.stdout.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
  });

  it('prints it as JSON with --json, before or after the command', async () => {
    for (const args of [
      ['--json', 'help', 'exit-codes'],
      ['help', 'exit-codes', '--json'],
    ]) {
      const run = await gwctl(args);
      expect(run.code).toBe(0);
      const body = JSON.parse(run.stdout) as { exit_codes: { code: number; meaning: string }[] };
      expect(body.exit_codes.map((e) => e.code)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 130, 143]);
      expect(body.exit_codes[5]).toEqual({ code: 5, meaning: 'API 404 or 410' });
    }
  });

  it('is named in the root help', async () => {
    const run = await gwctl(['--help']);
    expect(run.stdout).toContain("Exit codes: 'gwctl help exit-codes'.");
    expect(run.stdout).toContain(
      "  help [command...]       show help for a command; 'gwctl help exit-codes' and\n                          'gwctl help formatting' for those topics",
    );
  });
});

describe('gwctl help <command>', () => {
  it.each([
    [['help'], ['--help']],
    [
      ['help', 'interns'],
      ['interns', '--help'],
    ],
    [
      ['help', 'interns', 'ls'],
      ['interns', 'ls', '--help'],
    ],
    [
      ['help', 'interns', 'list'],
      ['interns', 'ls', '--help'],
    ],
    [
      ['interns', 'help', 'ls'],
      ['interns', 'ls', '--help'],
    ],
    [
      ['help', 'completion'],
      ['completion', '--help'],
    ],
  ])('%j shows what %j shows', async (asked, expected) => {
    const [a, b] = await Promise.all([gwctl(asked), gwctl(expected)]);
    expect(a.code).toBe(0);
    expect(a.stderr).toBe('');
    expect(a.stdout).toBe(b.stdout);
  });

  it('the help of interns ls is the command, not its group', async () => {
    const run = await gwctl(['help', 'interns', 'ls']);
    expect(run.stdout.split('\n')[0]).toBe('Usage: gwctl interns ls|list [options]');
  });

  it('refuses an unknown command with exit 2, naming where to look', async () => {
    expect(await gwctl(['help', 'nope'])).toMatchObject({
      code: 2,
      stdout: '',
      stderr: "gwctl: unknown command 'nope'; see 'gwctl --help'\n",
    });
    expect(await gwctl(['help', 'interns', 'nope'])).toMatchObject({
      code: 2,
      stdout: '',
      stderr: "gwctl: unknown command 'interns nope'; see 'gwctl interns --help'; its commands: get, ls, suspend, wait\n",
    });
  });

  it("a word that is not one of a group's commands points at the group's help and lists its commands", async () => {
    // (`batches ls` says that the API has no list of batches: test/commands/unlisted-groups.test.ts.)
    expect(await gwctl(['batches', 'show'])).toMatchObject({
      code: 2,
      stdout: '',
      stderr: "gwctl: unknown command 'show'; see 'gwctl batches --help'; its commands: delete, get\n",
    });
  });

  it('still suggests the nearest command for a typo', async () => {
    expect(await gwctl(['intrns', 'ls'])).toMatchObject({
      code: 2,
      stdout: '',
      stderr: "gwctl: unknown command 'intrns'; did you mean interns?\n",
    });
  });
});

describe('examples a person can paste', () => {
  it('the root help has examples, one of them --json | jq, within 80 columns', async () => {
    const run = await gwctl(['--help']);
    expect(run.stdout).toContain('\nExamples:\n  $ gwctl ');
    expect(run.stdout).toMatch(/^ {2}\$ gwctl .*--json \| jq /m);
    for (const line of run.stdout.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
  });

  it.each([...groupSummaries.keys()])('gwctl %s --help shows an example of each command and a --json | jq one', async (group) => {
    const run = await gwctl([group, '--help']);
    expect(run.code).toBe(0);
    const examples = run.stdout.split('\nExamples:\n')[1]!.split('\n\n')[0]!.split('\n');
    const verbs = [...commands.keys()].filter((key) => key.startsWith(`${group} `)).map((key) => key.split(' ')[1]);
    for (const verb of verbs)
      expect(examples.some((e) => e.startsWith(`  $ gwctl ${group} ${verb}`) || e.includes(`| gwctl ${group} ${verb}`))).toBe(true);
    expect(examples.filter((e) => e.includes('--json | jq'))).toHaveLength(1);
    expect(run.stdout.trimEnd().endsWith(`More examples and every flag: 'gwctl ${group} <command> --help'.`)).toBe(true);
  });

  it.each([...commands.keys()].filter((key) => !key.startsWith('__')))('gwctl %s --help has an example', async (key) => {
    const run = await gwctl([...key.split(' '), '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/\nExamples:\n {2}\$ \S/);
  });
});
