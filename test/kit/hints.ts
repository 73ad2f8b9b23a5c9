// What gwctl adds to a 401 or 403 when the refused key came from the environment, as in most
// tests: the variable that gave it (src/config/credentials.ts, unauthorizedHint, forbiddenHint).
import { maskKey } from '../../src/core/mask.js';

const VARIABLE = { management: 'GWCTL_MANAGEMENT_KEY', api: 'GWCTL_API_KEY' } as const;

/** The hint after a 401's message, with its leading "; ". */
export function envKeyHint(kind: 'management' | 'api'): string {
  const which = kind === 'api' ? 'API key' : 'management key';
  return `; the ${which} comes from ${VARIABLE[kind]}: set it to a valid key, or unset it to use the profile's`;
}

/** The hint after a 403's message, with its leading "; ": which key went out, and from which variable. */
export function forbiddenEnvHint(kind: 'management' | 'api', key: string): string {
  const which = kind === 'api' ? 'API key' : 'management key';
  return `; the ${which} ${maskKey(key)} from ${VARIABLE[kind]} was accepted but may not do this; use a key with access to it`;
}

/**
 * The message of an error line after `HTTP <status>: `, with the hint a 401 or a 403 gets (a
 * 403's names the key sent, so give `key` for one).
 */
export function withEnvKeyHint(status: number, message: string, kind: 'management' | 'api', key?: string): string {
  if (status === 401) return `${message.replace(/\.$/, '')}${envKeyHint(kind)}`;
  if (status !== 403) return message;
  if (key === undefined) throw new Error('a 403 names the key sent: give it');
  return `${message.replace(/\.$/, '')}${forbiddenEnvHint(kind, key)}`;
}
