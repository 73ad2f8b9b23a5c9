// Tools follow the keys: where only an API key is configured, the tools whose operation needs the
// management key are not served (each would only answer "no management key"), and the server's
// instructions say so. The API key falls back to the management key, as for the commands, so a
// management key alone serves every tool. Seen from the configuration alone: no key command runs
// and the credential store is not opened before the handshake.
import type { Deps } from '../../commands/context.js';
import { keyConfigured } from '../../config/credentials.js';
import { storedProfile } from '../../config/profile.js';
import type { AnySpec } from '../../core/spec.js';

/** Which tools the operator asked for (--allow-destructive, --tools, --exclude-tools), as tools.ts's `toolsOf` chooses them. */
interface Asked {
  allowDestructive: boolean;
  tools?: string | undefined;
  excludeTools?: string | undefined;
}

/** The names of the tools these specs make, of those the operator asked for, that this run's keys leave out. */
export function toolsLeftOut(specs: Iterable<AnySpec>, deps: Deps, asked: Asked): string[] {
  if (deps.flags.sandbox) return [];
  let apiOnly: boolean;
  try {
    const profile = deps.settings().profile.value;
    const ctx = { env: deps.env, profile, stored: storedProfile(deps.config().data, profile) ?? {} };
    apiOnly = keyConfigured('api', ctx) && !keyConfigured('management', ctx);
  } catch {
    // Settings that cannot be read: every call says why.
    return [];
  }
  if (!apiOnly) return [];
  const names = (list: string | undefined): string[] | undefined => list?.split(',').map((name) => name.trim());
  const [only, exclude] = [names(asked.tools), names(asked.excludeTools)];
  return [...specs]
    .filter((s) => s.tool !== undefined && s.operation?.key === 'management' && (s.tool === 'read' || asked.allowDestructive))
    .map((s) => s.path.join('_'))
    .filter((name) => (only === undefined || only.includes(name)) && !exclude?.includes(name));
}
