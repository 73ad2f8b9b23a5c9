import { KeychainUnavailable } from '../../config/keychain.js';
import { KEYCHAIN_MARK, type KeyField } from '../../config/profile.js';
import { resolveProfileName } from '../../config/settings.js';
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
  const { result: removed } = await updateProfile(env, profile, (p) => {
    const found: KeyField[] = [];
    for (const field of fields) {
      const mark = KEYCHAIN_MARK[field];
      if (p[mark] === true) {
        try {
          deps.keychain().delete(profile, field);
        } catch (error) {
          if (!(error instanceof KeychainUnavailable)) throw error;
          io.err(
            `gwctl: warning: could not remove the ${field.replace('-key', ' key')} from the credential store (${error.message}); gwctl no longer uses it\n`,
          );
        }
        found.push(field);
      } else if (p[field] !== undefined) found.push(field);
      delete p[mark];
      delete p[field];
    }
    return found;
  });
  if (removed.length === 0) {
    io.err(`No keys stored for profile "${profile}".\n`);
    return;
  }
  io.err(`Removed the ${removed.map((f) => f.replace('-key', ' key')).join(' and ')} of profile "${profile}".\n`);
  if (env.GWCTL_MANAGEMENT_KEY || env.GWCTL_API_KEY) {
    io.err('Note: GWCTL_MANAGEMENT_KEY or GWCTL_API_KEY is still set in the environment.\n');
  }
};
