// @napi-rs/keyring's native binding, required from the installed package: an add-on cannot be
// bundled, so the package is gwctl's one runtime dependency. The standalone build replaces this
// module (scripts/build-binary.mjs) with one that loads the copy carried inside the executable.
import { createRequire } from 'node:module';
import type { KeyringBinding } from '../config/keychain.js';

export function loadKeyringAddon(): KeyringBinding {
  return createRequire(import.meta.url)('@napi-rs/keyring') as KeyringBinding;
}
