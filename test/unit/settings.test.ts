import { describe, expect, it } from 'vitest';
import { resolveSettings } from '../../src/config/settings.js';
import { readGlobalFlags, type GlobalName } from '../../src/commands/global-options.js';
import { exitCodeForStatus } from '../../src/core/exit-codes.js';
import { commandsFor } from '../../src/cli/run.js';

const config = (profiles = {}) => ({ path: '/x/config.json', data: { profiles } });
/** The global options as if typed (`{ timeout: '4' }` is `--timeout 4`), read with `env` behind them. */
const globals = (typed: Partial<Record<GlobalName, string>>, env: Record<string, string> = {}) =>
  readGlobalFlags((key) => (typed[key] === undefined ? undefined : { raw: typed[key], name: `--${key}` }), env);
const settings = (typed: Partial<Record<GlobalName, string>>, env: Record<string, string>, profiles = {}) =>
  resolveSettings(globals(typed, env), env, config(profiles));

describe('resolveSettings', () => {
  it('takes flag, then environment, then profile, then default', async () => {
    const profiles = { default: { timeout: 9, retries: 1, 'base-url': 'https://p.example/api/v1', 'management-key': 'pk' } };
    const s = settings({ timeout: '4' }, { GWCTL_TIMEOUT: '7', GWCTL_RETRIES: '2' }, profiles);
    expect(s.timeoutSeconds).toEqual({ value: 4, source: 'flag' });
    expect(s.retries).toEqual({ value: 2, source: 'environment' });
    expect(s.baseUrl).toEqual({ value: 'https://p.example/api/v1', source: 'profile' });
    expect(await s.key('management')).toEqual({ value: 'pk', source: 'file', from: 'the config file', boundTo: null });
    expect(settings({}, {}, profiles).timeoutSeconds).toEqual({ value: 9, source: 'profile' });
    expect(await settings({}, { GWCTL_MANAGEMENT_KEY: 'ek' }, profiles).key('management')).toEqual({
      value: 'ek',
      source: 'env',
      from: 'GWCTL_MANAGEMENT_KEY',
    });
    expect(settings({}, {}).baseUrl).toEqual({ value: 'https://openrouter.ai/api/v1', source: 'default' });
  });
  it('uses the profile named by --profile, then GWCTL_PROFILE', () => {
    const profiles = { a: { workspace: 'wa' }, b: { workspace: 'wb' } };
    expect(settings({ profile: 'a' }, { GWCTL_PROFILE: 'b' }, profiles).workspace?.value).toBe('wa');
    expect(settings({}, { GWCTL_PROFILE: 'b' }, profiles).workspace?.value).toBe('wb');
  });
  it('names the source of a bad value', () => {
    expect(() => globals({}, { GWCTL_RETRIES: 'many' })).toThrow('invalid GWCTL_RETRIES "many": expected an integer from 0 to 10');
    expect(() => globals({ timeout: '0' })).toThrow('invalid --timeout "0": must be from 0.001s to 1h');
    expect(() => globals({}, { GWCTL_TIMEOUT: '2h' })).toThrow('invalid GWCTL_TIMEOUT "2h": must be from 0.001s to 1h');
    expect(() => settings({}, {}, { default: { timeout: 'soon' } })).toThrow(
      'invalid timeout "soon" (from the profile): expected a duration such as 90, 90s, 1.5s, 5m or 1h',
    );
    expect(() => settings({}, {}, { default: { retries: 11 } })).toThrow(
      'invalid retries "11" (from the profile): expected an integer from 0 to 10',
    );
  });
  it('reads the timeout as every time option reads a duration (a bare number is seconds), wherever it comes from', () => {
    for (const [text, seconds] of [
      ['30', 30],
      ['30s', 30],
      ['1m', 60],
      ['1.5s', 1.5],
      ['1h', 3600],
    ] as const) {
      expect(globals({ timeout: text }).timeout).toBe(seconds);
      expect(globals({}, { GWCTL_TIMEOUT: text }).timeout).toBe(seconds);
      expect(settings({}, {}, { default: { timeout: text } }).timeoutSeconds).toEqual({ value: seconds, source: 'profile' });
    }
  });
  it('reads a switch from its environment variable, and the flag wins', () => {
    expect(globals({}, { CI: 'true', GWCTL_DEBUG: '1' })).toMatchObject({ input: false, debug: true, from: { input: 'environment' } });
    expect(globals({}, { CI: '0', GWCTL_DEBUG: 'false' })).toMatchObject({ input: true, debug: false });
    expect(globals({ profile: 'a' }, { GWCTL_PROFILE: 'b' })).toMatchObject({ profile: 'a', from: { profile: 'flag' } });
  });
});

describe('exitCodeForStatus', () => {
  it('maps statuses as the contract says', () => {
    const table: [number, boolean | undefined, number][] = [
      [400, undefined, 2],
      [413, undefined, 2],
      [415, undefined, 2],
      [401, undefined, 4],
      [403, undefined, 4],
      [404, undefined, 5],
      [410, undefined, 5],
      [409, true, 6],
      [409, false, 6],
      [408, undefined, 7],
      [429, undefined, 7],
      [500, undefined, 7],
      [502, true, 7],
      [503, undefined, 7],
      [504, undefined, 7],
      [500, false, 1],
      [502, false, 1],
      [402, undefined, 1],
      [418, undefined, 1],
      [501, undefined, 1],
    ];
    for (const [status, retryable, code] of table) expect([status, exitCodeForStatus(status, retryable)]).toEqual([status, code]);
  });
});

describe('commandsFor', () => {
  it('loads only the command the words name', () => {
    expect(commandsFor(['endpoints', 'get', 'x'])).toEqual(['endpoints get']);
    expect(commandsFor(['-p', 'prod', '--json', 'interns', 'list'])).toEqual(['interns ls']);
    expect(commandsFor(['sandbox', '--port', '0'])).toEqual(['sandbox']);
    expect(commandsFor(['config', 'list'])).toEqual(['config list']);
  });
  it('loads a whole group, or everything, for help and typos', () => {
    expect(commandsFor(['auth'])).toEqual(['auth login', 'auth logout', 'auth status', 'auth token']);
    expect(commandsFor(['--help']).length).toBeGreaterThan(15);
    expect(commandsFor(['intrens']).length).toBeGreaterThan(15);
  });
});
