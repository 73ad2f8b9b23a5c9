// The credential store add-on the executable carries. In the npm build there is none: the add-on
// is the installed @napi-rs/keyring package. The standalone build (scripts/build-binary.mjs)
// replaces this module with one that gives the add-on's asset and the digest it had when built.
import type { CarriedAddon } from './keyring-addon-copy.js';

export function carriedAddon(): CarriedAddon | undefined {
  return undefined;
}
