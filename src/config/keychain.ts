// The OS credential store through @napi-rs/keyring, its add-on handed in by the lazy seam and
// loaded only for a key kept there. Synchronous, as settings are resolved.
import type { Env } from '../core/env.js';
import { DBUS_SESSION_BUS_ADDRESS, readVariable } from '../core/environment.js';
import type { KeyField } from './profile.js';

/** What gwctl uses of @napi-rs/keyring's binding. */
export interface KeyringBinding {
  Entry: new (
    service: string,
    account: string,
    options?: { linux?: { store?: 'secret-service' | 'keyutils' } },
  ) => {
    getPassword(): string | null | undefined;
    setPassword(password: string): void;
    deleteCredential(): boolean;
  };
}

/** No credential store answered (no D-Bus session on Linux, a locked or missing store, ...). */
export class KeychainUnavailable extends Error {}

export interface Keychain {
  /** The stored key, or undefined when there is none. */
  get(profile: string, field: KeyField): string | undefined;
  set(profile: string, field: KeyField, key: string): void;
  /** True when there was a key to remove. */
  delete(profile: string, field: KeyField): boolean;
}

/** Whether a store can answer, without loading the add-on: on Linux, no D-Bus session address means no Secret Service. */
export function keychainReachable(env: Env): boolean {
  if (process.platform === 'linux' || process.platform === 'freebsd') return Boolean(readVariable(env, DBUS_SESSION_BUS_ADDRESS));
  return true;
}

/** The name of a key's entry in the store, for a person who must remove it by hand. */
export function keychainEntry(configDir: string, profile: string, field: KeyField): { service: string; account: string } {
  return { service: `gwctl:${configDir}`, account: `${profile}/${field}` };
}

/** Entries named by config folder (`gwctl:<folder>`) and `<profile>/<key name>`, so two config folders never share a key. */
export function openKeychain(load: () => KeyringBinding, env: Env, configDir: string): Keychain {
  const { service } = keychainEntry(configDir, 'default', 'management-key');
  let binding: KeyringBinding | undefined;
  const entry = (profile: string, field: KeyField) => {
    if (!keychainReachable(env)) throw new KeychainUnavailable('no D-Bus session bus: DBUS_SESSION_BUS_ADDRESS is not set');
    // An add-on that cannot load (no binary for this platform, no room to unpack it) is a store
    // that does not answer.
    binding ??= attempt(load);
    // On Linux only the Secret Service counts: the kernel keyring, the library's fallback, is
    // lost at reboot.
    return attempt(
      () => new binding!.Entry(service, keychainEntry(configDir, profile, field).account, { linux: { store: 'secret-service' } }),
    );
  };
  return {
    get: (profile, field) => {
      const e = entry(profile, field);
      return attempt(() => e.getPassword()) ?? undefined;
    },
    set: (profile, field, key) => {
      const e = entry(profile, field);
      attempt(() => e.setPassword(key));
    },
    delete: (profile, field) => {
      const e = entry(profile, field);
      return attempt(() => e.deleteCredential());
    },
  };
}

/** The add-on's errors carry nested causes; the person sees the innermost message, once. */
function attempt<T>(action: () => T): T {
  try {
    return action();
  } catch (error) {
    let inner = error as Error & { cause?: unknown };
    while (inner.cause instanceof Error) inner = inner.cause as Error & { cause?: unknown };
    throw new KeychainUnavailable(inner.message.replace(/\s+/g, ' ').trim());
  }
}
