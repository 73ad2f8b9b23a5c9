// One cheap request that tells a management key from an API key: GET /byok?limit=1 answers a
// management key (200, or 400 with no default workspace), 403 any other valid key, 401 an unknown one.
import type { ApiClient } from '../../api/client.js';
import { routes } from '../../api/routes.js';
import { GwctlError } from '../../core/errors.js';

/** What the API said of a key: accepted as a management key or as an API key, or rejected. */
export type KeyVerdict = 'management' | 'api' | 'rejected';

/** The verdict, or throws when the API could not tell; a 401, 403 or 400 counts only in the API's own envelope, not a proxy's. */
export async function checkKey(client: ApiClient): Promise<KeyVerdict> {
  try {
    await client.call(routes.byokLs, { query: { limit: 1 } });
    return 'management';
  } catch (error) {
    if (!(error instanceof GwctlError)) throw error;
    if (error.status === undefined || ![400, 401, 403].includes(error.status)) throw error;
    if (error.code === undefined) throw notTheApi(error);
    if (error.status === 401) return 'rejected';
    if (error.status === 403) return 'api';
    return 'management';
  }
}

/** An answer without the API's error envelope: the key was judged by nobody. */
function notTheApi(error: GwctlError): GwctlError {
  return new GwctlError(`${error.message} (HTTP ${error.status}, not an answer of the gateway's API)`, error.exitCode, {
    status: error.status,
    hint:
      error.hint ??
      'something between gwctl and the gateway answered (a firewall, a proxy, another server): check the base URL and the network',
  });
}

export const VERDICT_WORDS: Record<KeyVerdict, string> = {
  management: 'a management key',
  api: 'an API key',
  rejected: 'rejected by the API (HTTP 401)',
};
