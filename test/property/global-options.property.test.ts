// A property over the option declarations: every global option, in any of its spellings, placed
// before the command word of every command, is read as the global option, even where the command
// has an option of the same name; after the word it is the global one too, unless the command
// declares that name. Parsed as a run parses (cli/command-line.ts, then the commander program built
// from the registry), with every value checked as a run checks it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Invocation } from '../../src/cli/command-line.js';
import { buildProgram } from '../../src/cli/program.js';
import { commands } from '../../src/cli/registry.js';
import { commandLine } from '../../src/cli/run.js';
import { globalOptions, type GlobalName } from '../../src/commands/global-options.js';
import type { ArgDefs, OptionDefs } from '../../src/core/options.js';
import type { AnySpec } from '../../src/core/spec.js';

const SPECS = [...commands.values()];

/** Words that satisfy an argument's check: the first that passes. */
const CANDIDATES = ['7c9e6679-7425-40de-944b-e07fc1f90ae7', 'bash', 'timeout', 'batch_abc123'];
function sampleArgs(spec: AnySpec): string[] {
  return Object.values(spec.args as ArgDefs)
    .filter((a) => a.required || a.variadic)
    .map((a) => CANDIDATES.find((word) => !throws(() => a.parse(a.variadic ? [word] : word)))!);
}
const throws = (f: () => unknown): boolean => {
  try {
    f();
    return false;
  } catch {
    return true;
  }
};

/** A global option as typed, and the value the run must read from it. */
interface Typed {
  key: GlobalName;
  words: string[];
  expected: unknown;
}

const long = (key: GlobalName): string => /--[\w-]+/.exec(globalOptions[key].flags)![0];
/** `--name value` or `--name=value` (and `-p value`, `-pvalue` for the profile). */
function spelled(key: GlobalName, text: string, form: number): string[] {
  if (key === 'profile' && form === 2) return ['-p', text];
  if (key === 'profile' && form === 3) return [`-p${text}`];
  return form % 2 === 0 ? [long(key), text] : [`${long(key)}=${text}`];
}
const form = fc.integer({ min: 0, max: 3 });
const valued = <T>(key: GlobalName, value: fc.Arbitrary<[string, T]>): fc.Arbitrary<Typed> =>
  fc.tuple(value, form).map(([[text, expected], f]) => ({ key, words: spelled(key, text, f), expected }));
const flag = (key: GlobalName, expected: boolean): fc.Arbitrary<Typed> => fc.constant({ key, words: [long(key)], expected });

const typed: Record<GlobalName, fc.Arbitrary<Typed>> = {
  json: flag('json', true),
  jsonl: flag('jsonl', true),
  header: flag('header', true),
  sandbox: flag('sandbox', true),
  debug: flag('debug', true),
  color: flag('color', false),
  input: flag('input', false),
  jq: valued(
    'jq',
    fc.constantFrom('.', '.data[].id', '.status').map((t) => [t, t] as [string, string]),
  ),
  columns: valued(
    'columns',
    fc.constantFrom('id', 'id,status').map((t) => [t, t] as [string, string]),
  ),
  profile: valued(
    'profile',
    fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,8}$/).map((t) => [t, t] as [string, string]),
  ),
  baseUrl: valued(
    'baseUrl',
    fc.constantFrom('http://127.0.0.1:9/api/v1', 'https://gw.example/api/v1').map((t) => [t, t] as [string, string]),
  ),
  timeout: valued(
    'timeout',
    fc.oneof(
      fc.integer({ min: 1, max: 3600 }).map((s) => [String(s), s] as [string, number]),
      fc.integer({ min: 1, max: 3600 }).map((s) => [`${s}s`, s] as [string, number]),
      fc.integer({ min: 1, max: 60 }).map((m) => [`${m}m`, m * 60] as [string, number]),
    ),
  ),
  retries: valued(
    'retries',
    fc.integer({ min: 0, max: 10 }).map((n) => [String(n), n] as [string, number]),
  ),
};

/** The run a command line makes, as far as reading it goes: the global options and the command's own. */
async function read(argv: string[]): Promise<{ spec: string; run: Invocation; opts: Record<string, unknown> }> {
  const line = commandLine(argv, {});
  if (line.refused) throw line.refused;
  let got: { spec: string; run: Invocation; opts: Record<string, unknown> } | undefined;
  const program = buildProgram('0.0.0', SPECS, {
    writeOut: () => {},
    writeErr: () => {},
    run: async (spec, _args, opts) => {
      got = { spec: spec.path.join(' '), run: line.invocation(), opts };
    },
  });
  await program.parseAsync([...line.rest], { from: 'user' });
  return got!;
}

/** The names a command declares for its own options. */
const ownNames = (spec: AnySpec): Set<string> =>
  new Set(Object.values(spec.options as OptionDefs).flatMap((o) => o.flags.split(/[ ,]+/).filter((w) => w.startsWith('-'))));

function expectRead(run: Invocation, given: readonly Typed[]): void {
  for (const { key, expected } of given) {
    expect(run.flags[key], key).toEqual(expected);
    expect(run.flags.from[key], key).toBe('flag');
  }
}

describe('global options, by the declarations', () => {
  const one = fc.record({
    spec: fc.constantFrom(...SPECS),
    given: fc.uniqueArray(fc.oneof(...Object.values(typed)), { minLength: 1, maxLength: 4, selector: (t) => t.key }),
  });

  it('before the command word of every command, each is the global option', async () => {
    // Every command with every global option at least once, then random mixtures of them.
    for (const spec of SPECS) {
      for (const key of Object.keys(typed) as GlobalName[]) {
        const [sample] = fc.sample(typed[key], { numRuns: 1, seed: 1 });
        const got = await read([...sample!.words, ...spec.path, ...sampleArgs(spec)]);
        expect(got.spec).toBe(spec.path.join(' '));
        expectRead(got.run, [sample!]);
      }
    }
    await fc.assert(
      fc.asyncProperty(one, async ({ spec, given }) => {
        const got = await read([...given.flatMap((t) => t.words), ...spec.path, ...sampleArgs(spec)]);
        expect(got.spec).toBe(spec.path.join(' '));
        expectRead(got.run, given);
      }),
      { numRuns: 300 },
    );
  });

  it('after the command word, each is the global option unless the command declares its name', async () => {
    await fc.assert(
      fc.asyncProperty(one, async ({ spec, given }) => {
        const own = ownNames(spec);
        const after = given.filter((t) => !own.has(t.words[0]!.split('=')[0]!) && !own.has(long(t.key)));
        const got = await read([...spec.path, ...sampleArgs(spec), ...after.flatMap((t) => t.words)]);
        expectRead(got.run, after);
      }),
      { numRuns: 300 },
    );
  });

  it('the same name on both sides of the word: the global one before, the command’s after', async () => {
    const id = 'batch_abc123';
    const wait = await read(['--timeout', '30', 'batches', 'get', id, '--wait', '--timeout', '10m']);
    expect(wait.run.flags).toMatchObject({ timeout: 30, from: { timeout: 'flag' } });
    expect(wait.opts).toMatchObject({ wait: true, timeout: 600_000 });
    // Without --wait the command's --timeout is the request timeout, read by the global option's check.
    expect((await read(['batches', 'get', id, '--timeout', '45s'])).run.flags.timeout).toBe(45);
    expect((await read(['--timeout', '30', 'batches', 'get', id, '--timeout', '1m'])).run.flags.timeout).toBe(60);
    const internsWait = await read(['--timeout', '1m', 'interns', 'wait', CANDIDATES[0]!, '--for', 'status=running', '--timeout', '5s']);
    expect(internsWait.run.flags.timeout).toBe(60);
    expect(internsWait.opts.timeout).toBe(5_000);
    const api = await read(['--header', 'api', 'interns', '-H', 'X-Trace: 1', '--header', 'X-Other: 2']);
    expect(api.run.flags.header).toBe(true);
    expect(api.opts.header).toEqual([
      { name: 'X-Trace', value: '1' },
      { name: 'X-Other', value: '2' },
    ]);
    // A value of the command's own option is never read as a global option.
    await expect(read(['api', 'interns', '-H', '--json'])).rejects.toThrow('invalid --header "--json"');
  });
});
