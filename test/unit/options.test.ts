import { describe, expect, it } from 'vitest';
import { environmentNames, globalOptions } from '../../src/commands/global-options.js';
import { commands } from '../../src/cli/registry.js';
import { checkValue, durationCheck, type OptionDef, type OptionDefs } from '../../src/core/options.js';

const names = (flags: string): string[] => flags.split(/[ ,]+/).filter((word) => word.startsWith('-'));

describe('one duration', () => {
  it('reads a bare number as seconds, and 1.5s, 5m, 1h', () => {
    const check = durationCheck({ minMs: 1, maxMs: 3_600_000 });
    const ms = (text: string) => checkValue(check, text, '--interval');
    expect(['5', '5s', '1.5s', '2m', '1h'].map(ms)).toEqual([5000, 5000, 1500, 120_000, 3_600_000]);
    expect(() => ms('0')).toThrow('invalid --interval "0": must be from 0.001s to 1h');
    expect(() => ms('5x')).toThrow('invalid --interval "5x": expected a duration such as 90, 90s, 1.5s, 5m or 1h');
  });
  it('is what every option naming a span of time uses', () => {
    const interval = (key: string) => (commands.get(key)!.options as OptionDefs).interval!;
    for (const key of ['batches get', 'interns wait']) expect(interval(key).parse('5', '--interval')).toBe(5000);
    expect(interval('batches get').parse('2m', '--interval')).toBe(120_000);
  });
});

describe('global options', () => {
  // These commands give a global option's name a meaning of their own: `api -H, --header` (an
  // HTTP header) and `interns wait --timeout` (the whole wait's deadline), both in the contract,
  // and `batches get --timeout` (with --wait the wait's deadline, as for interns wait).
  const contractOwn = new Set(['api --header', 'interns wait --timeout', 'batches get --timeout']);
  it('are never shadowed by a command option (beyond those named here)', () => {
    const global = new Set(Object.values(globalOptions).flatMap((o: OptionDef<unknown>) => names(o.flags)));
    const clashes = [...commands.values()].flatMap((spec) =>
      Object.values(spec.options as OptionDefs)
        .flatMap((o) => names(o.flags))
        .filter((name) => global.has(name))
        .map((name) => `${spec.path.join(' ')} ${name}`),
    );
    expect(clashes.filter((c) => !contractOwn.has(c))).toEqual([]);
    expect(clashes.sort()).toEqual([...contractOwn].sort());
  });
  it('stand for their environment variables by one rule: GWCTL_ and the name, or the common variable of a --no- flag', () => {
    // NO_COLOR (no-color.org) and CI are the variables every tool reads for --no-color and --no-input.
    const common: Record<string, string> = { '--no-color': 'NO_COLOR', '--no-input': 'CI' };
    for (const def of Object.values(globalOptions) as OptionDef<unknown>[]) {
      if (!def.env) continue;
      const flag = /--[\w-]+/.exec(def.flags)![0];
      expect(def.env, flag).toBe(common[flag] ?? `GWCTL_${flag.slice(2).replaceAll('-', '_').toUpperCase()}`);
    }
    const withVariable = (Object.values(globalOptions) as OptionDef<unknown>[]).filter((def) => def.env).map((def) => def.env);
    expect(environmentNames().slice(0, withVariable.length)).toEqual(withVariable);
  });
});
