// The keys kept in the config file, for masking: wherever a run prints or records text, a key
// it knows is never shown (an error may echo a value typed on the command line).
import type { Io } from '../core/io.js';
import type { LoadedConfig } from './read.js';

/** Every key in the config file masked from here on: an error may echo a value typed on the command line. */
export function maskStoredKeys(io: Pick<Io, 'addSecret'>, read: () => LoadedConfig): void {
  let config: LoadedConfig;
  try {
    config = read();
  } catch {
    return;
  }
  for (const profile of Object.values(config.data.profiles)) {
    if (typeof profile !== 'object' || profile === null) continue;
    for (const key of [profile['management-key'], profile['api-key']]) if (typeof key === 'string') io.addSecret(key);
  }
}
