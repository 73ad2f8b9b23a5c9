// @napi-rs/keyring's native binding, required from the installed package: an add-on cannot be
// bundled, so the package is gwctl's one runtime dependency. The standalone executable carries
// the add-on instead (carried-addon.ts) and loads a checked copy of it (keyring-addon-copy.ts).
import { createRequire } from 'node:module';
import type { KeyringBinding } from '../config/keychain.js';
import type { Env } from '../core/env.js';
import { carriedAddon } from './carried-addon.js';
import { loadCarriedAddon } from './keyring-addon-copy.js';

export function loadKeyringAddon(env: Env): KeyringBinding {
  const carried = carriedAddon();
  if (carried) return loadCarriedAddon(carried, env) as KeyringBinding;
  try {
    return createRequire(import.meta.url)('@napi-rs/keyring') as KeyringBinding;
  } catch (error) {
    // gwctl run from an unpacked tarball, or installed without its dependencies: one line that
    // says so, not Node's "Cannot find module" with its require stack.
    const e = error as { code?: string; message?: string };
    if (e.code === 'MODULE_NOT_FOUND' && e.message?.includes("'@napi-rs/keyring'"))
      throw new Error('the credential store add-on (@napi-rs/keyring) is not installed');
    throw error;
  }
}
