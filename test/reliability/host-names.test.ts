// A host name that does not resolve: exit 1 at once, not retried (a retry cannot fix a typo),
// naming the host and where the base URL came from; a write is not done. A resolver that fails
// for now (EAI_AGAIN) stays transient: retried, then exit 7. `.invalid` never resolves (RFC 6761);
// the passing failure is a run in a network namespace of its own, where no name server answers.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { gwctl } from '../kit/cli.js';
import { configWith } from '../kit/profiles.js';
import { expectNoCrash, gwctlCommand, testEnv } from '../kit/spawn.js';

const KEY = 'sk-mgmt-names-0123456789abcdef';
const INTERN = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const BASE = 'https://gateway.invalid/api/v1';
const HINT = 'check the spelling of the host name';
const attempts = (stderr: string) => stderr.match(/debug: > /g)?.length ?? 0;

describe('a host name that does not resolve', () => {
  it.each([
    ['--base-url', ['--base-url', BASE], {}, undefined],
    ['GWCTL_BASE_URL', [], { GWCTL_BASE_URL: BASE }, undefined],
    ['the base-url of profile "default"', [], {}, { 'base-url': BASE }],
  ] as const)('from %s: exit 1 after one attempt, naming the host and where the base URL came from', async (from, flags, env, profile) => {
    const r = await gwctl(['byok', 'ls', '--retries', '3', '--debug', ...flags], {
      env: { GWCTL_MANAGEMENT_KEY: KEY, ...env },
      ...(profile ? { configDir: configWith(profile) } : {}),
    });
    expectNoCrash(r.stderr);
    expect(r.code).toBe(1);
    expect(attempts(r.stderr)).toBe(1);
    expect(r.stderr.trimEnd().split('\n').at(-1)).toBe(
      `gwctl: host not found: gateway.invalid (the base URL's host, from ${from}); ${HINT}`,
    );
    expect(r.waits).toEqual([]);
  });

  it('--json: the same error as one object, exit_code 1', async () => {
    const r = await gwctl(['--json', 'api', 'credits', '--base-url', BASE], { env: { GWCTL_MANAGEMENT_KEY: KEY } });
    expect(r).toMatchObject({ code: 1, stdout: '' });
    expect(JSON.parse(r.stderr)).toEqual({
      error: { status: null, message: "host not found: gateway.invalid (the base URL's host, from --base-url)", hint: HINT, exit_code: 1 },
    });
  });

  it('a write: exit 1, not retried, and not said to be of unknown outcome', async () => {
    const r = await gwctl(['interns', 'suspend', INTERN, '--yes', '--base-url', BASE, '--debug'], { env: { GWCTL_API_KEY: KEY } });
    expect(r.code).toBe(1);
    expect(attempts(r.stderr)).toBe(1);
    expect(r.stderr).toContain("host not found: gateway.invalid (the base URL's host, from --base-url)");
    expect(r.stderr).not.toMatch(/unknown|after \d attempts/);
  });

  const netns = spawnSync('unshare', ['-rn', 'true']).status === 0;
  it.skipIf(!netns)('a resolver that fails for now (EAI_AGAIN) is transient: retried, then exit 7', () => {
    // No network at all: the name server cannot be asked (unshare -rn: a namespace with no interface up).
    const [program, ...lead] = gwctlCommand();
    const r = spawnSync('unshare', ['-rn', program, ...lead, 'byok', 'ls', '--base-url', BASE, '--retries', '1', '--debug'], {
      env: testEnv({ GWCTL_MANAGEMENT_KEY: KEY }),
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(r.status).toBe(7);
    expect(attempts(r.stderr)).toBe(2);
    expect(r.stderr).toContain('gwctl: temporary failure in name resolution (gateway.invalid) (after 2 attempts); ');
  });
});
