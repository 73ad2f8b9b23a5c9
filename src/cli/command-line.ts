// The one reading of the command line: the global options, JSON errors, colour, the printer's
// options, watch, and what a suggested command must repeat, decided once from argv and the
// environment; commander parses only the rest. After the command word a name the command declares
// is its own (`batches get ID --wait --timeout 10m`); before it, always the global option.
import { globalOptions, readGlobalFlags, type GlobalFlags, type GlobalName } from '../commands/global-options.js';
import { usageError, type GwctlError } from '../core/errors.js';
import { optionValue, takesValue, type Given, type OptionDef, type OptionDefs } from '../core/options.js';
import type { Env } from '../core/env.js';
import type { AnySpec } from '../core/spec.js';
import { shellWord } from '../core/suggest.js';

/** The names (`-p`, `--profile`) of a set of options, each with its declaration and key. */
function byName(defs: OptionDefs): Map<string, { key: string; def: OptionDef<unknown> }> {
  const names = new Map<string, { key: string; def: OptionDef<unknown> }>();
  for (const [key, def] of Object.entries(defs)) {
    for (const word of def.flags.split(/[ ,]+/)) if (word.startsWith('-')) names.set(word, { key, def });
  }
  return names;
}

const GLOBAL_NAMES = byName(globalOptions);
/** Help and version stay commander's, wherever they stand. */
const COMMANDER_OWN = new Set(['-h', '--help', '-V', '--version']);

/** How gwctl was invoked: what commander is left to parse, and every global option given. */
export interface CommandLine {
  /** argv without the global options: the command words, the command's own options, its arguments. */
  readonly rest: readonly string[];
  /** The command words (`interns ls`), at most two. */
  readonly words: readonly string[];
  /** No command word and no `--` (`gwctl`, `gwctl --help`): only the top level of help can be shown. */
  readonly topOnly: boolean;
  /** Errors are JSON under every JSON output mode (--jq implies --json; --jsonl is for programs too). */
  readonly errorsAsJson: boolean;
  /** Colour unless --no-color or NO_COLOR (the terminal decides the rest, core/io.ts). */
  readonly color: boolean;
  /** `help --json`: the global --json given, for the help command. */
  readonly json: boolean;
  /** The global options typed on the command line, by key. */
  readonly given: ReadonlyMap<GlobalName, Given>;
  /** A global option missing its value (at the end of argv): the run reports it, in the error mode read. */
  readonly refused?: GwctlError;
  /**
   * The global options of the run, each checked (a refusal names the flag or variable), with the
   * command's options that stand for them; read on first use, so that `--help` works whatever
   * the environment holds.
   */
  invocation(): Invocation;
}

/**
 * Splits argv into the global options and the rest (`specFor` names the command's own options).
 * Never throws for a value, which `invocation` checks later, so `--help` works whatever the environment holds.
 */
export function readCommandLine(
  argv: readonly string[],
  env: Env,
  specFor: (words: readonly string[]) => AnySpec | undefined,
): CommandLine {
  const words = commandWords(argv);
  const spec = specFor(words);
  const own = byName((spec?.options ?? {}) as OptionDefs);
  const rest: string[] = [];
  const given = new Map<GlobalName, Given>();
  // The command's own options given after its word that stand for a global one (`batches get --timeout`), and every own option seen.
  const standing: { key: string; def: OptionDef<unknown>; text: string }[] = [];
  const ownSeen = new Set<string>();
  let afterWord = false;
  let refused: GwctlError | undefined;
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (token === '--') {
      rest.push(...argv.slice(i));
      break;
    }
    if (!token.startsWith('-') || token === '-') {
      afterWord = true;
      rest.push(token);
      continue;
    }
    const { name, inline } = split(token);
    const ownOption = afterWord ? own.get(name) : undefined;
    const global = GLOBAL_NAMES.get(name);
    if (COMMANDER_OWN.has(name) || ownOption || !global) {
      rest.push(token);
      // A value of the command's option is never read as an option (`api -H --json`).
      const value = ownOption && inline === undefined && takesValue(ownOption.def) && i + 1 < argv.length ? argv[++i]! : inline;
      if (ownOption && value !== inline) rest.push(value!);
      if (ownOption) ownSeen.add(ownOption.key);
      if (ownOption?.def.global && value !== undefined) standing.push({ key: ownOption.key, def: ownOption.def, text: value });
      continue;
    }
    if (!takesValue(global.def)) {
      given.set(global.key as GlobalName, { raw: !name.startsWith('--no-'), name });
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined) {
      refused = usageError(`option '${global.def.flags}' argument missing`, "see 'gwctl --help'");
      break;
    }
    given.set(global.key as GlobalName, { raw: value, name: /--[\w-]+/.exec(global.def.flags)?.[0] ?? name });
  }
  const has = (key: GlobalName): boolean => given.has(key);
  let invoked: Invocation | undefined;
  return {
    invocation: () => (invoked ??= invocationOf(given, standing, ownSeen, env)),
    rest,
    words,
    topOnly: words.length === 0 && !argv.includes('--'),
    errorsAsJson: has('json') || has('jsonl') || has('jq'),
    json: has('json') || has('jq'),
    // A switch's reading never refuses.
    color: optionValue(globalOptions.color, given.get('color'), env).value,
    given,
    ...(refused ? { refused } : {}),
  };
}

/** `--name=value` and `-pVALUE` as a name and a value; other tokens as they are. */
function split(token: string): { name: string; inline?: string } {
  if (token.startsWith('--')) {
    const eq = token.indexOf('=');
    return eq < 0 ? { name: token } : { name: token.slice(0, eq), inline: token.slice(eq + 1) };
  }
  // `-p ops` or `-pops`: the value of a short option that takes one may follow at once.
  const name = token.slice(0, 2);
  const def = GLOBAL_NAMES.get(name)?.def;
  return token.length > 2 && def && takesValue(def) ? { name, inline: token.slice(2) } : { name: token };
}

/** The first two command words of argv (global options and their values skipped). */
export function commandWords(argv: readonly string[]): string[] {
  const words: string[] = [];
  for (let i = 0; i < argv.length && words.length < 2; i++) {
    const token = argv[i]!;
    if (token === '--') break;
    if (token.startsWith('-') && token !== '-') {
      const { name, inline } = split(token);
      const def = GLOBAL_NAMES.get(name)?.def;
      if (def && inline === undefined && takesValue(def)) i++;
      continue;
    }
    words.push(token);
  }
  return words;
}

/** One run of one command: the command line read with the command's own options. */
export interface Invocation {
  /** The global options, each checked, with where it came from. */
  flags: GlobalFlags;
  /** What a suggested command must repeat to go where this one went: a non-default profile, --sandbox, a --base-url flag. */
  target: readonly string[];
}

/** The global options of a run, checked, with the command's options that stand in for them unless their `unless` was given too. */
function invocationOf(
  typed: ReadonlyMap<GlobalName, Given>,
  standing: readonly { key: string; def: OptionDef<unknown>; text: string }[],
  ownSeen: ReadonlySet<string>,
  env: Env,
): Invocation {
  const given = new Map(typed);
  for (const { def, text } of standing) {
    const unless = def.global?.unless;
    if (unless !== undefined && ownSeen.has(unless)) continue;
    const flag = /--[\w-]+/.exec(def.flags)![0];
    const global = GLOBAL_NAMES.get(flag);
    if (global) given.set(global.key as GlobalName, { raw: text, name: flag });
  }
  const flags: GlobalFlags = readGlobalFlags((key) => given.get(key), env);
  return { flags, target: targetOptions(flags) };
}

function targetOptions(flags: GlobalFlags): string[] {
  const target: string[] = [];
  // The profile from GWCTL_PROFILE too: a pasted command may run where the variable is not set.
  if (flags.profile !== undefined) target.push('--profile', flags.profile);
  if (flags.sandbox) target.push('--sandbox');
  else if (flags.from.baseUrl === 'flag') target.push('--base-url', shellWord(flags.baseUrl!));
  return target;
}
