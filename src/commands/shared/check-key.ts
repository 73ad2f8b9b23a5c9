// One cheap request that tells a management key from an API key: GET /byok?limit=1 answers a
// management key (200; or 400 when the account's default workspace is gone, which still means
// the key was accepted), refuses any other valid key with 403 ("only management keys may
// perform it") and an unknown key with 401. Only `auth login` and `auth status` check keys.
import type { ApiClient } from '../../api/client.js';
import { routes } from '../../api/routes.js';
import { GwctlError } from '../../core/errors.js';

/** What the API said of a key: accepted as a management key or as an API key, or rejected. */
export type KeyVerdict = 'management' | 'api' | 'rejected';

/** The verdict, or throws when the API could not tell (unreachable, 5xx): that is no verdict. */
export async function checkKey(client: ApiClient): Promise<KeyVerdict> {
  try {
    await client.call(routes.listByok, { query: { limit: 1 } });
    return 'management';
  } catch (error) {
    if (!(error instanceof GwctlError)) throw error;
    if (error.status === 401) return 'rejected';
    if (error.status === 403) return 'api';
    if (error.status === 400) return 'management';
    throw error;
  }
}

export const VERDICT_WORDS: Record<KeyVerdict, string> = {
  management: 'a management key',
  api: 'an API key',
  rejected: 'rejected by the API (HTTP 401)',
};
