import { describe, expect, it } from 'vitest';
import { globalOptions } from '../../src/commands/global-options.js';
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
  it('declare the environment variables help lists', () => {
    const envs = Object.values(globalOptions).flatMap((o: OptionDef<unknown>) => (o.env ? [o.env] : []));
    expect(envs).toEqual(['GWCTL_PROFILE', 'GWCTL_BASE_URL', 'GWCTL_TIMEOUT', 'GWCTL_RETRIES', 'NO_COLOR', 'CI', 'GWCTL_DEBUG']);
  });
});
