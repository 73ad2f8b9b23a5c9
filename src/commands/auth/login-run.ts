import { KEY_FIELD, KEY_NAME, loginCommand, refuseUnsendableKey, type KeyKind } from '../../config/credentials.js';
import { KeychainUnavailable } from '../../config/keychain.js';
import { moveBaseUrl, originOf, stayBehind } from '../../config/binding.js';
import { KEY_ORIGIN, KEYCHAIN_MARK, type Profile } from '../../config/profile.js';
import { baseUrlProblem } from '../../core/patterns.js';
import { quoteInput } from '../../core/sanitize.js';
import { resolveProfileName } from '../../config/settings.js';
import { InputTooLarge, MAX_KEY_BYTES } from '../../core/bounded-read.js';
import { GwctlError, usageError } from '../../core/errors.js';
import type { Io } from '../../core/io.js';
import { ExitCode } from '../../core/exit-codes.js';
import { maskKey } from '../../core/mask.js';
import type { RunFor } from '../context.js';
import { checkKey, VERDICT_WORDS, type KeyVerdict } from '../shared/check-key.js';
import { noPromptReason } from '../shared/no-prompt.js';
import type { spec } from './login.js';
import { refuseUnderSandbox } from './sandboxed.js';

export const run: RunFor<typeof spec> = async ({ opts, deps }) => {
  const { io, env, prompter } = deps;
  const which: KeyKind = opts.apiKey ? 'api' : 'management';
  const field = KEY_FIELD[which];
  const profile = resolveProfileName(deps.flags).value;
  refuseUnderSandbox(deps, 'login', profile);
  let key: string;
  if (opts.withToken) {
    key = (await readKey(io)).trim();
    if (key === '') throw usageError('no key on standard input', `pipe it in, as in 'printenv MY_KEY | gwctl auth login --with-token'`);
  } else if (prompter.interactive) {
    key = (await prompter.password(`Paste your ${which} key for profile "${profile}":`)).trim();
    if (key === '') throw usageError('no key entered');
  } else {
    throw usageError(
      `cannot ask for the key: ${noPromptReason(deps)}`,
      `pipe the key in with --with-token, as in 'printenv MY_KEY | gwctl auth login --with-token'`,
    );
  }
  refuseUnsendableKey(which, key, opts.withToken ? 'standard input' : 'the prompt');
  if (/\s/.test(key)) throw usageError('the key contains whitespace; paste only the key');
  io.addSecret(key);
  // Settings first: a bad config file or flag is reported as itself, not as a failed check.
  // The profile may be new: this makes it. The key is bound to the origin of the base URL it is
  // checked against and stored for (config/binding.ts).
  const baseUrl = deps.settings({ newProfile: true }).baseUrl;
  const origin = originOf(baseUrl.value);
  if (origin === undefined) {
    throw usageError(`invalid base URL ${quoteInput(baseUrl.value)} (from the ${baseUrl.source}): ${baseUrlProblem(baseUrl.value)}`);
  }
  // `--base-url` is stored with the key: the key was checked there, and goes nowhere else.
  const newBaseUrl = deps.flags.from.baseUrl === 'flag' ? baseUrl.value : undefined;
  let verdict: KeyVerdict | undefined;
  if (opts.verify) {
    try {
      verdict = await checkKey(await deps.apiWithKey(key));
    } catch (error) {
      if (!(error instanceof GwctlError)) throw error;
      throw new GwctlError(`could not check the key, so it was not stored: ${error.message}`, error.exitCode, {
        hint: 'try again, or store it unchecked with --no-verify',
      });
    }
    if (verdict === 'rejected') {
      throw new GwctlError(`the API rejected this key (HTTP 401 from ${deps.settings().baseUrl.value}); it was not stored`, ExitCode.auth, {
        hint: 'check the key, and the base URL (--base-url or GWCTL_BASE_URL)',
      });
    }
    // Stored as the management key, it would replace one that works with one every management
    // route refuses.
    if (verdict === 'api' && which === 'management') {
      throw new GwctlError('the API accepts this key only as an API key; it was not stored as the management key', ExitCode.auth, {
        hint: `to store it as the API key, run '${loginCommand('api', profile, deps.target)}'`,
      });
    }
  }
  const { updateProfile } = await deps.heavy.configStore();
  const { file, result } = await updateProfile(env, profile, (p) => {
    // The other stored key stays with the gateway it was stored for.
    const left = newBaseUrl === undefined ? [] : moveBaseUrl(p, newBaseUrl).filter((b) => b.kind !== which);
    p[KEY_ORIGIN[field]] = origin;
    return { where: keep(p), left };
  });
  const { where, left } = result;
  if (newBaseUrl !== undefined) io.err(`Stored the base URL ${newBaseUrl} for profile "${profile}".\n`);
  const place = where === 'keychain' ? "the operating system's credential store" : file;
  io.err(`Stored the ${KEY_NAME[which]} ${maskKey(key)} for profile "${profile}" in ${place}; it is sent only to ${origin}\n`);
  if (left.length > 0) io.err(`gwctl: warning: ${stayBehind(profile, left)}\n`);
  if (verdict === 'management' || verdict === 'api') io.err(`The API accepts it as ${VERDICT_WORDS[verdict]}.\n`);

  /** Stores the key in the credential store, else in the file; returns where it went. */
  function keep(p: Profile): 'keychain' | 'file' {
    const mark = KEYCHAIN_MARK[field];
    if (!opts.insecureStorage) {
      try {
        deps.keychain().set(profile, field, key);
        delete p[field];
        p[mark] = true;
        return 'keychain';
      } catch (error) {
        if (!(error instanceof KeychainUnavailable)) throw error;
        // Said before anything is written, so that nobody believes the key is safe in a store.
        io.err(`gwctl: warning: no credential store answered (${error.message}); storing the key in the config file instead\n`);
      }
    } else if (p[mark] === true) {
      // Moving the key to the file: the copy in the store would otherwise linger.
      try {
        deps.keychain().delete(profile, field);
      } catch (error) {
        if (!(error instanceof KeychainUnavailable)) throw error;
        io.err(`gwctl: warning: could not remove the old ${which} key from the credential store (${error.message})\n`);
      }
    }
    delete p[mark];
    p[field] = key;
    return 'file' as const;
  }
};

/** The key on stdin, refused (exit 2) past MAX_KEY_BYTES: `< /dev/zero` must not fill memory. */
async function readKey(io: Io): Promise<string> {
  try {
    return await io.readStdin(MAX_KEY_BYTES);
  } catch (error) {
    if (error instanceof InputTooLarge)
      throw usageError(`standard input holds more than ${MAX_KEY_BYTES / 1024} KiB, more than any key`, 'pipe in only the key');
    throw error;
  }
}
