import { describe, expect, it } from 'vitest';
import { resolveSettings, type GlobalFlags } from '../../src/config/settings.js';
import { exitCodeForStatus } from '../../src/core/exit-codes.js';
import { commandsFor } from '../../src/cli/run.js';

const flags: GlobalFlags = { json: false, jsonl: false, header: false, sandbox: false, color: true, input: true, debug: false };
const config = (profiles = {}) => ({ path: '/x/config.json', data: { profiles } });

describe('resolveSettings', () => {
  it('takes flag, then environment, then profile, then default', () => {
    const profiles = { default: { timeout: 9, retries: 1, 'base-url': 'https://p.example/api/v1', 'management-key': 'pk' } };
    const s = resolveSettings({ ...flags, timeout: '4' }, { GWCTL_TIMEOUT: '7', GWCTL_RETRIES: '2' }, config(profiles));
    expect(s.timeoutSeconds).toEqual({ value: 4, source: 'flag' });
    expect(s.retries).toEqual({ value: 2, source: 'environment' });
    expect(s.baseUrl).toEqual({ value: 'https://p.example/api/v1', source: 'profile' });
    expect(s.managementKey).toEqual({ value: 'pk', source: 'profile' });
    expect(resolveSettings(flags, { GWCTL_MANAGEMENT_KEY: 'ek' }, config(profiles)).managementKey).toEqual({
      value: 'ek',
      source: 'environment',
    });
    expect(resolveSettings(flags, {}, config()).baseUrl).toEqual({ value: 'https://openrouter.ai/api/v1', source: 'default' });
  });
  it('uses the profile named by --profile, then GWCTL_PROFILE', () => {
    const profiles = { a: { workspace: 'wa' }, b: { workspace: 'wb' } };
    expect(resolveSettings({ ...flags, profile: 'a' }, { GWCTL_PROFILE: 'b' }, config(profiles)).workspace?.value).toBe('wa');
    expect(resolveSettings(flags, { GWCTL_PROFILE: 'b' }, config(profiles)).workspace?.value).toBe('wb');
  });
  it('names the source of a bad value', () => {
    expect(() => resolveSettings(flags, { GWCTL_RETRIES: 'many' }, config())).toThrow(
      'invalid retries "many" (from GWCTL_RETRIES): expected an integer from 0 to 10',
    );
    expect(() => resolveSettings({ ...flags, timeout: '0' }, {}, config())).toThrow('invalid timeout "0" (from --timeout)');
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
    expect(commandsFor(['auth'])).toEqual(['auth login', 'auth logout', 'auth status']);
    expect(commandsFor(['--help']).length).toBeGreaterThan(15);
    expect(commandsFor(['intrens']).length).toBeGreaterThan(15);
  });
});
