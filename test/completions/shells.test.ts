// The generated scripts in bash (with bash-completion), zsh (compinit) and fish: commands,
// flags, --status values one at a time, provider slugs, settings, shells, profile names read
// from the config file, and ids from the cache that `interns ls` and `batches get` leave.
// Each shell's tests skip, saying why, when the shell is not installed.
import { beforeAll, describe, expect, it } from 'vitest';
import { gwctl } from '../kit/cli.js';
import { useSandbox } from '../kit/sandbox.js';
import { bashAnswers, bashCompletions, completionHome, fishCompletions, fishDescribed, missing, skipNote, zshCompletions, zshDescribed } from './shells.js';

const sandbox = useSandbox();
const home = completionHome();
let internIds: string[] = [];
let internNames = new Map<string, string>();
let batchId = '';

beforeAll(async () => {
  // What a person did just before pressing Tab: listed interns and looked at a batch.
  const sb = sandbox();
  const list = await gwctl(['interns', 'ls', '--limit', '3'], { configDir: home.configDir, env: sb.env() });
  expect(list.code).toBe(0);
  const rows = list.stdout.trim().split('\n').map((line) => line.split('\t'));
  internIds = rows.map((row) => row[0]!);
  internNames = new Map(rows.map((row) => [row[0]!, row[1]!]));
  expect(internIds).toHaveLength(3);
  batchId = sb.examples.batches.completed!;
  const batch = await gwctl(['batches', 'get', batchId], { configDir: home.configDir, env: sb.env() });
  expect(batch.code).toBe(0);
});

const STATUSES = ['awaiting_chat_install', 'destroy_failed', 'destroying', 'failed', 'provisioning', 'queued', 'running', 'stopped'];

/** Each case: the line as typed (the cursor at its end), and the candidates expected. */
const CASES: { line: string; expected: () => string[] }[] = [
  { line: 'gwctl int', expected: () => ['interns'] },
  { line: 'gwctl interns ls --st', expected: () => ['--starting-after', '--status'] },
  { line: 'gwctl interns ls --status run', expected: () => ['running'] },
  { line: 'gwctl interns ls --status running,fa', expected: () => ['running,failed'] },
  { line: 'gwctl interns ls --status ', expected: () => STATUSES },
  { line: 'gwctl --json interns list --limit 5 --w', expected: () => ['--watch', '--workspace'] },
  { line: 'gwctl byok ls --provider amazon-', expected: () => ['amazon-bedrock', 'amazon-nova'] },
  { line: 'gwctl --profile ', expected: () => ['default', 'staging'] },
  { line: 'gwctl -p staging conf', expected: () => ['config'] },
  { line: 'gwctl config set ', expected: () => ['api-key-command', 'base-url', 'ca-file', 'management-key-command', 'retries', 'timeout', 'workspace'] },
  { line: 'gwctl completion ', expected: () => ['bash', 'fish', 'zsh'] },
  { line: 'gwctl help ex', expected: () => ['exit-codes'] },
  { line: 'gwctl help interns ', expected: () => ['get', 'ls', 'suspend', 'wait'] },
  { line: 'gwctl interns get ', expected: () => [...internIds].sort() },
  { line: 'gwctl interns suspend ', expected: () => [...internIds].sort() },
  { line: 'gwctl interns wait x ', expected: () => [...internIds].sort() },
  { line: 'gwctl batches delete x y ', expected: () => [batchId] },
  { line: 'gwctl vault secrets ', expected: () => [...internIds].sort() },
  { line: 'gwctl batches get ', expected: () => [batchId] },
  { line: 'gwctl interns ls --all ', expected: () => [] },
];

const sorted = (list: readonly string[]): string[] => [...list].sort();

describe.skipIf(missing.bash)(`bash completion${missing.bash ? ` (skipped: ${missing.bash})` : ''}`, () => {
  it('completes commands, flags, values, profiles and recent ids', async () => {
    // bash splits the line at spaces; a trailing space starts an empty word.
    const answers = await bashCompletions(home.env, home.dir, CASES.map((c) => c.line.split(' ')));
    CASES.forEach((c, i) => expect({ line: c.line, got: sorted(answers[i]!) }).toEqual({ line: c.line, got: sorted(c.expected()) }));
  });

  it('completes a value after --opt= as bash splits it (--status, =, value)', async () => {
    const answers = await bashCompletions(home.env, `${home.dir}/eq`, [
      ['gwctl', 'interns', 'ls', '--status', '=', 'ru'],
      ['gwctl', 'interns', 'ls', '--status', '=', ''],
      ['gwctl', 'interns', 'ls', '--status', '=', 'running', 'get'],
    ]);
    expect(answers[0]).toEqual(['running']);
    expect(sorted(answers[1]!)).toEqual(STATUSES);
    // The value was skipped: `get` is not a subcommand of `interns ls`, and ls takes no argument.
    expect(answers[2]).toEqual([]);
  });

  it('adds no space after a value of a comma-separated list, so that the list can go on; a space after any other word', async () => {
    const answers = await bashAnswers(home.env, `${home.dir}/nospace`, [
      ['gwctl', 'interns', 'ls', '--status', 'running,fa'],
      ['gwctl', 'interns', 'ls', '--columns', 'id,st'],
      ['gwctl', 'interns', 'ls', '--status', '=', 'ru'],
      ['gwctl', 'completion', 'ba'],
      ['gwctl', 'interns', 'get', ''],
    ]);
    expect(answers.map((a) => a.compopt)).toEqual(['-o nospace', '-o nospace', '-o nospace', '', '']);
    expect(answers[1]!.matches).toEqual(['id,status']);
    // Ids stay bare: bash cannot show a description beside a candidate.
    expect(sorted(answers[4]!.matches)).toEqual(sorted(internIds));
  });
});
skipNote('bash completion tests', missing.bash);

describe.skipIf(missing.zsh)(`zsh completion${missing.zsh ? ` (skipped: ${missing.zsh})` : ''}`, () => {
  // One interactive zsh with compinit per line: on a busy machine, more than the usual time.
  it('completes commands, flags, values, profiles and recent ids', { timeout: 100_000 }, async () => {
    const answers = await zshCompletions(home.env, CASES.map((c) => c.line));
    CASES.forEach((c, i) => expect({ line: c.line, got: sorted(answers[i]!) }).toEqual({ line: c.line, got: sorted(c.expected()) }));
  });

  it('completes --status=value in one word, and files for --file', async () => {
    const answers = await zshCompletions(home.env, ['gwctl interns ls --status=ru', `gwctl presets create --file ${home.configDir}/conf`]);
    expect(answers[0]).toEqual(['--status=running']);
    expect(answers[1]).toEqual([`${home.configDir}/config.json`]);
  });

  it("shows each id's name beside it, from the cache", async () => {
    const [interns, batches] = await zshDescribed(home.env, ['gwctl interns get ', 'gwctl batches get ']);
    expect(sorted(interns!)).toEqual(sorted(internIds.map((id) => `${id} -- ${internNames.get(id)}`)));
    // A batch has no name: its id stands alone (the harness marks the empty description with " -- ").
    expect(batches!.map((line) => line.replace(/ -- $/, ''))).toEqual([batchId]);
  });
});
skipNote('zsh completion tests', missing.zsh);

describe.skipIf(missing.fish)(`fish completion${missing.fish ? ` (skipped: ${missing.fish})` : ''}`, () => {
  it('completes commands, flags, values, profiles and recent ids', async () => {
    const answers = await fishCompletions(home.env, CASES.map((c) => c.line));
    CASES.forEach((c, i) => expect({ line: c.line, got: sorted(answers[i]!) }).toEqual({ line: c.line, got: sorted(c.expected()) }));
  });

  it('completes --status=value in one word, and files for --file', async () => {
    const answers = await fishCompletions(home.env, ['gwctl interns ls --status=ru', `gwctl presets create --file ${home.configDir}/conf`]);
    expect(answers[0]).toEqual(['--status=running']);
    expect(answers[1]).toEqual([`${home.configDir}/config.json`]);
  });

  it("shows each id's name beside it, from the cache", async () => {
    const [interns] = await fishDescribed(home.env, ['gwctl interns get ']);
    expect(sorted(interns!)).toEqual(sorted(internIds.map((id) => `${id}\t${internNames.get(id)}`)));
  });
});
skipNote('fish completion tests', missing.fish);
