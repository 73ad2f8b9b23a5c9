// Where a key comes from, first match wins (contract, "Credentials"): the environment
// (GWCTL_MANAGEMENT_KEY / GWCTL_API_KEY); a key command (GWCTL_*_KEY_COMMAND, then the profile's
// management-key-command / api-key-command); the profile's stored key, in the OS credential store
// or in the file. The API key falls back to the management key (the client does that).
import { suggested } from '../core/suggest.js';
import { GwctlError } from '../core/errors.js';
import { ExitCode } from '../core/exit-codes.js';
import { maskKey } from '../core/mask.js';
import type { Env } from '../core/env.js';
import { readVariable } from '../core/environment.js';
import { unsendableCharacter } from '../core/patterns.js';
import { KeychainUnavailable, type Keychain } from './keychain.js';
import { runKeyCommand, type KeyCommandOptions } from './key-command.js';
import { KEY_COMMAND_VARIABLES, KEY_ORIGIN, KEY_VARIABLES, KEYCHAIN_MARK, type KeyField, type Profile } from './profile.js';

export type KeyKind = 'management' | 'api';
/** Where a key in effect came from, as `auth status` names it. */
export type KeySource = 'env' | 'command' | 'keychain' | 'file' | 'sandbox';

export interface KeyInEffect {
  value: string;
  source: KeySource;
  /** Exactly where: the variable or setting that supplied it (for hints after a 401). */
  from: string;
  /** A stored key's origin (config/binding.ts), null for an earlier release's record; absent for an unbound key. */
  boundTo?: string | null;
}

export const KEY_FIELD: Record<KeyKind, KeyField> = { management: 'management-key', api: 'api-key' };
export const KEY_COMMAND_SETTING = { management: 'management-key-command', api: 'api-key-command' } as const;
/** How messages name each key. */
export const KEY_NAME: Record<KeyKind, string> = { management: 'management key', api: 'API key' };

export interface KeyContext {
  env: Env;
  profile: string;
  stored: Profile;
  /** The OS credential store; opening it loads the native add-on, so it is called only for a key stored there. */
  keychain: () => Keychain;
  /** --debug lines (that a command ran, never what it printed). */
  debug?: (line: string) => void;
  /** How a key command runs: its limit, and what must hold meanwhile (no spinner over a passphrase prompt). */
  keyCommand?: KeyCommandRun;
}

export interface KeyCommandRun extends KeyCommandOptions {
  timeoutMs: number;
  around: <T>(run: () => Promise<T>) => Promise<T>;
}

/** The key of this kind from its first source; a key command runs asynchronously, so interruption ends it. */
export async function findKey(kind: KeyKind, ctx: KeyContext): Promise<KeyInEffect | undefined> {
  const found = firstSource(kind, ctx);
  if (!found || !('line' in found)) return checked(kind, found);
  ctx.debug?.(`running the ${KEY_NAME[kind]} command (${found.from})`);
  const run = ctx.keyCommand;
  const command = (): Promise<string> => runKeyCommand(found.line, found.describe, ctx.env, run);
  const value = await (run ? run.around(command) : command());
  ctx.debug?.(`the ${KEY_NAME[kind]} command gave a key`);
  return checked(kind, { value, source: 'command', from: found.from });
}

function checked(kind: KeyKind, key: KeyInEffect | undefined): KeyInEffect | undefined {
  if (key) refuseUnsendableKey(kind, key.value, key.from);
  return key;
}

/** A key that cannot go into a header is refused before anything is sent (else it fails like a connection and is retried). */
export function refuseUnsendableKey(kind: KeyKind, value: string, from: string): void {
  const bad = unsendableCharacter(value);
  if (!bad) return;
  throw new GwctlError(`the ${KEY_NAME[kind]} from ${from} has ${bad}`, ExitCode.auth, {
    hint: 'retype the key: a pasted typographic character (a dash, a quote) cannot be sent in a header',
  });
}

/** The first source of the key (first match wins): the key, or the key command that prints it. */
function firstSource(kind: KeyKind, ctx: KeyContext): KeyInEffect | { line: string; from: string; describe: string } | undefined {
  const variable = KEY_VARIABLES[kind];
  const fromEnv = readVariable(ctx.env, variable);
  if (fromEnv) return { value: fromEnv, source: 'env', from: variable.name };
  const command = keyCommand(kind, ctx);
  if (command) return { ...command, describe: `the ${KEY_NAME[kind]} command (${command.from})` };
  const field = KEY_FIELD[kind];
  const origin = ctx.stored[KEY_ORIGIN[field]];
  const boundTo = typeof origin === 'string' && origin !== '' ? origin : null;
  if (ctx.stored[KEYCHAIN_MARK[field]] === true)
    return { value: fromKeychain(kind, ctx), source: 'keychain', from: 'the credential store', boundTo };
  const stored = ctx.stored[field];
  if (stored !== undefined && stored !== '') return { value: String(stored), source: 'file', from: 'the config file', boundTo };
  return undefined;
}

/**
 * Whether a key of this kind is configured (a variable, a key command, a stored key), seen
 * without running a command or opening the credential store: which tools `gwctl mcp` serves.
 */
export function keyConfigured(kind: KeyKind, ctx: Pick<KeyContext, 'env' | 'stored' | 'profile'>): boolean {
  if (readVariable(ctx.env, KEY_VARIABLES[kind]) || keyCommand(kind, ctx)) return true;
  const field = KEY_FIELD[kind];
  const stored = ctx.stored[field];
  return ctx.stored[KEYCHAIN_MARK[field]] === true || (stored !== undefined && stored !== '');
}

/** The key command in effect for `kind`, if any: the environment's, then the profile's. */
export function keyCommand(kind: KeyKind, ctx: Pick<KeyContext, 'env' | 'stored' | 'profile'>): { line: string; from: string } | undefined {
  const variable = KEY_COMMAND_VARIABLES[kind];
  const fromEnv = readVariable(ctx.env, variable);
  if (fromEnv && fromEnv.trim() !== '') return { line: fromEnv, from: variable.name };
  const setting = ctx.stored[KEY_COMMAND_SETTING[kind]];
  if (typeof setting === 'string' && setting.trim() !== '')
    return { line: setting, from: `${KEY_COMMAND_SETTING[kind]} of profile "${ctx.profile}"` };
  return undefined;
}

function fromKeychain(kind: KeyKind, ctx: KeyContext): string {
  const login = loginCommand(kind, ctx.profile);
  let value: string | undefined;
  try {
    value = ctx.keychain().get(ctx.profile, KEY_FIELD[kind]);
  } catch (error) {
    if (!(error instanceof KeychainUnavailable)) throw error;
    throw new GwctlError(
      `the ${KEY_NAME[kind]} of profile "${ctx.profile}" is in the credential store, which did not answer: ${error.message}`,
      ExitCode.auth,
      {
        hint: `run gwctl where the store is reachable, set ${KEY_VARIABLES[kind].name}, or store the key in the file with '${login} --insecure-storage'`,
      },
    );
  }
  if (value === undefined || value === '') {
    throw new GwctlError(`the ${KEY_NAME[kind]} of profile "${ctx.profile}" is no longer in the credential store`, ExitCode.auth, {
      hint: `run '${login}' again`,
    });
  }
  return value;
}

/** What to do after a 401 to this key: fix the variable or key command that gave it, or log in again. */
export function unauthorizedHint(key: KeyInEffect, kind: KeyKind, profile: string, target?: readonly string[]): string | undefined {
  const which = KEY_NAME[kind];
  switch (key.source) {
    case 'env':
      return `the ${which} comes from ${key.from}: set it to a valid key, or unset it to use the profile's`;
    case 'command':
      return `the ${which} comes from ${key.from}: check the key it prints`;
    case 'keychain':
    case 'file':
      return `run '${loginCommand(kind, profile, target)}' to store a valid key`;
    case 'sandbox':
      return undefined;
  }
}

/** After a 403 the key was accepted but may not do this: say which key went out and from where. */
export function forbiddenHint(key: KeyInEffect, kind: KeyKind, profile: string): string | undefined {
  const which = `the ${KEY_NAME[kind]} ${maskKey(key.value)}`;
  switch (key.source) {
    case 'env':
    case 'command':
      return `${which} from ${key.from} was accepted but may not do this; use a key with access to it`;
    case 'keychain':
    case 'file':
      return `${which} of profile "${profile}" (from ${key.from}) was accepted but may not do this; use a key with access to it`;
    case 'sandbox':
      return undefined;
  }
}

/** `gwctl auth login` for this kind of key and profile, or with the run's target options (core/suggest.ts) when given. */
export function loginCommand(kind: KeyKind, profile: string, target?: readonly string[]): string {
  const command = `gwctl auth login${kind === 'api' ? ' --api-key' : ''}`;
  return suggested(command, target ?? (profile === 'default' ? [] : ['--profile', profile]));
}
