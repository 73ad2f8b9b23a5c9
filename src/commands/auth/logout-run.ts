import { keychainEntry, KeychainUnavailable } from '../../config/keychain.js';
import { configDir } from '../../config/paths.js';
import { KEY_ORIGIN, KEY_VARIABLES, KEYCHAIN_MARK, keysFromEnvironment, type KeyField } from '../../config/profile.js';
import { resolveProfileName } from '../../config/settings.js';
import type { Env } from '../../core/env.js';
import { shellWord, suggested } from '../../core/suggest.js';
import { GwctlError } from '../../core/errors.js';
import { ExitCode } from '../../core/exit-codes.js';
import type { RunFor } from '../context.js';
import type { spec } from './logout.js';
import { refuseUnderSandbox } from './sandboxed.js';

export const run: RunFor<typeof spec> = async ({ opts, deps }) => {
  const { env, io } = deps;
  const profile = resolveProfileName(deps.flags).value;
  refuseUnderSandbox(deps, 'logout', profile);
  const fields: readonly KeyField[] = opts.apiKey ? ['api-key'] : ['management-key', 'api-key'];
  const { updateProfile } = await deps.heavy.configStore();
  // What is stored is decided under the lock: another gwctl may be changing the same profile.
  const stuck: { field: KeyField; why: string }[] = [];
  const { result: removed } = await updateProfile(env, profile, (p) => {
    const found: KeyField[] = [];
    for (const field of fields) {
      const mark = KEYCHAIN_MARK[field];
      if (p[mark] === true) {
        try {
          deps.keychain().delete(profile, field);
        } catch (error) {
          if (!(error instanceof KeychainUnavailable)) throw error;
          // The key is still in the store: the record of it stays, so that a later logout
          // (where the store answers) can remove it.
          stuck.push({ field, why: error.message });
          continue;
        }
        found.push(field);
      } else if (p[field] !== undefined) found.push(field);
      delete p[mark];
      delete p[field];
      delete p[KEY_ORIGIN[field]];
    }
    return found;
  });
  if (removed.length > 0) io.err(`Removed the ${removed.map(keyWords).join(' and ')} of profile "${profile}".\n`);
  if (stuck.length > 0) throw stillStored(env, profile, deps.target, stuck);
  if (removed.length === 0) {
    io.err(`No keys stored for profile "${profile}".\n`);
    return;
  }
  if (keysFromEnvironment(env).length > 0) {
    io.err(`Note: ${KEY_VARIABLES.management.name} or ${KEY_VARIABLES.api.name} is still set in the environment.\n`);
  }
};

function keyWords(field: KeyField): string {
  return field.replace('-key', ' key');
}

/** The store did not answer: the keys are still in it, and how to remove them. */
function stillStored(env: Env, profile: string, target: readonly string[], stuck: readonly { field: KeyField; why: string }[]): GwctlError {
  const dir = configDir(env);
  const entries = stuck.map(({ field }) => keychainEntry(dir, profile, field));
  // secret-tool is the Secret Service's own tool; elsewhere the entry is named for the system's.
  // Each command is written as a shell reads it back (the folder in the service's name may hold
  // spaces or quotes), never wrapped whole in quotes, which would paste as one word.
  const how =
    process.platform === 'linux'
      ? `: ${entries.map((e) => ['secret-tool', 'clear', 'service', e.service, 'username', e.account].map(shellWord).join(' ')).join(' && ')}`
      : ` the system's keyring tool (${entries.map((e) => `service ${e.service}, account ${e.account}`).join('; ')})`;
  return new GwctlError(
    `could not remove the ${stuck.map((s) => keyWords(s.field)).join(' and ')} of profile "${profile}" from the credential store (${stuck[0]!.why}); it is still there`,
    ExitCode.failure,
    {
      hint: `remove it with${how} (or run ${suggested('gwctl auth logout', target)} again where the store answers)`,
    },
  );
}
