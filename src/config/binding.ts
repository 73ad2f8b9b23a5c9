// Keys stay with their gateway (decisions/015-keys-stay-with-their-gateway.md): a stored key is bound to the origin it was
// stored for and never sent elsewhere (exit 4); a key from the environment or a key command is not
// bound. A record of an earlier release is bound to its profile's base URL on first use
// (`bindOnFirstUse`). The one check, `refuseElsewhere`, runs in cli/deps.ts before a key is sent.
import { GwctlError } from '../core/errors.js';
import { ExitCode } from '../core/exit-codes.js';
import { baseUrlProblem } from '../core/patterns.js';
import { KEY_FIELD, KEY_NAME, loginCommand, type KeyInEffect, type KeyKind } from './credentials.js';
import { DEFAULT_BASE_URL, KEY_ORIGIN, KEYCHAIN_MARK, type Profile } from './profile.js';

/** The origin of a base URL (`https://gw.example:8443`), or undefined when it is not one gwctl would use. */
export function originOf(baseUrl: string): string | undefined {
  return baseUrlProblem(baseUrl) === undefined ? new URL(baseUrl).origin : undefined;
}

/** Whether this key is bound at all: only keys `auth login` stored are. */
export function isBound(key: KeyInEffect): boolean {
  return key.source === 'file' || key.source === 'keychain';
}

/** Exit 4 when `key` is bound to no origin or another than `destination`'s, naming both and the login for the destination. */
export function refuseElsewhere(key: KeyInEffect, kind: KeyKind, destination: string, profile: string, target: readonly string[]): void {
  if (!isBound(key)) return;
  const login = loginCommand(kind, profile, target);
  // A record of an earlier release that could not be bound (its profile's base URL names no
  // origin, or the key is gone from the profile): where it belongs is unknown, so it goes nowhere.
  if (!key.boundTo) {
    throw new GwctlError(
      `the ${KEY_NAME[kind]} of profile "${profile}" has no record of the gateway it was stored for, and the profile's base URL names none it can be bound to; it is not sent`,
      ExitCode.auth,
      { hint: `run '${login}' to store it again for the gateway it belongs to` },
    );
  }
  const to = originOf(destination);
  if (to === undefined || to === key.boundTo) return;
  throw new GwctlError(`the ${KEY_NAME[kind]} of profile "${profile}" is bound to ${key.boundTo}; it is not sent to ${to}`, ExitCode.auth, {
    hint: `run '${login}' to store a key for ${to}, or go back to a base URL on ${key.boundTo}`,
  });
}

/** Under the config lock: binds an unbound stored key to the profile's base URL's origin; undefined when no key or no usable URL. */
export function bindOnFirstUse(p: Profile, kind: KeyKind): string | undefined {
  const field = KEY_FIELD[kind];
  const recorded = p[KEY_ORIGIN[field]];
  if (typeof recorded === 'string' && recorded !== '') return recorded;
  const stored = p[KEYCHAIN_MARK[field]] === true || (p[field] !== undefined && p[field] !== '');
  if (!stored) return undefined;
  const origin = originOf(String(p['base-url'] ?? DEFAULT_BASE_URL));
  if (origin !== undefined) p[KEY_ORIGIN[field]] = origin;
  return origin;
}

/** What to say when a profile's base URL moves to another origin while keys stored for the old one stay bound to it. */
export function stayBehind(profile: string, bound: readonly { kind: KeyKind; boundTo: string }[]): string {
  const which = bound.map((b) => `the ${KEY_NAME[b.kind]}`).join(' and ');
  const origins = [...new Set(bound.map((b) => b.boundTo))].join(' and ');
  const verb = bound.length > 1 ? 'stay' : 'stays';
  const logins = bound.map((b) => `'${loginCommand(b.kind, profile)}'`).join(' and ');
  return `${which} of profile "${profile}" ${verb} bound to ${origins} and will not be sent to the new base URL; run ${logins} to store keys for it`;
}

/** Under the config lock: a new base URL (undefined: the default), stored keys kept bound; returns those bound elsewhere. */
export function moveBaseUrl(p: Profile, next: string | undefined): { kind: KeyKind; boundTo: string }[] {
  const bound = (['management', 'api'] as const).flatMap((kind) => {
    const boundTo = bindOnFirstUse(p, kind);
    return boundTo === undefined ? [] : [{ kind, boundTo }];
  });
  if (next === undefined) delete p['base-url'];
  else p['base-url'] = next;
  const origin = originOf(next ?? DEFAULT_BASE_URL);
  return bound.filter((b) => b.boundTo !== origin);
}
