// Typed options and arguments: declaring one declares its parser, which gives `run` its value or
// refuses it as `invalid --limit "600": <why>` (exit 2) before anything is loaded or sent.
import { envSwitch } from './environment.js';
import { usageError, type GwctlError } from './errors.js';
import { UUID } from './patterns.js';
import { quoteInput } from './sanitize.js';
import { nearest } from './suggest.js';

/** Which local list can complete an argument or option value (see completions). */
export type CompletionSource = 'intern' | 'batch' | 'status' | 'provider' | 'profile' | 'setting' | 'shell' | 'file' | 'route';

/** The one shape of a refused value: `invalid <name> "<text>": <why>`. */
export function invalidValue(name: string, text: string, why: string): GwctlError {
  return usageError(`invalid ${name} ${quoteInput(text)}: ${why}`);
}

/** Thrown by a value check: the reason only; the caller names the flag and the value. */
export class ValueRefused extends Error {}

/** Turns one typed text into a value, or throws ValueRefused (or a complete GwctlError). */
export type Check<T> = (text: string, name: string) => T;

export interface OptionDef<T> {
  /** Commander flag syntax: `--limit <n>`, `-y, --yes`, `--fault <spec...>`. The value name shows in help. */
  readonly flags: string;
  readonly description: string;
  readonly complete?: CompletionSource;
  /** Given once per value (`-f a=1 -f b=2`): commander collects every value in order. */
  readonly repeatable?: boolean;
  /** What commander collected (undefined, a string, strings, or true) as the typed value. */
  readonly parse: (raw: unknown, name: string) => T;
  /** The environment variable standing in when a global option is not given; for a switch, set (not empty, `0`, `false`) is given. */
  readonly env?: string;
  /** What the value is, for `gwctl help --json` and the generated reference: its type, range or choices, and default. */
  readonly value?: ValueInfo;
  /** A command option named like a global one that is also the global one unless `unless` is given (`batches get --timeout`). */
  readonly global?: { readonly unless?: string };
}

/** The kind of value an option takes, as `gwctl help --json` describes it. */
export interface ValueInfo {
  readonly type: 'boolean' | 'string' | 'integer' | 'number' | 'uuid' | 'list' | 'duration';
  readonly min?: number | string;
  readonly max?: number | string;
  readonly choices?: readonly string[];
  readonly default?: string | number | boolean;
}

/** How help describes a duration's value: its type and range. */
export function durationInfo(range: { minMs: number; maxMs: number }): ValueInfo {
  return { type: 'duration', min: spanText(range.minMs), max: spanText(range.maxMs) };
}

/** The same option with its value described (a custom check of a known kind of value). */
export function describedAs<T>(def: OptionDef<T>, value: ValueInfo): OptionDef<T> {
  return { ...def, value };
}

/** The same option with its default named (for help; the value `run` receives is unchanged). */
export function withDefault<T>(def: OptionDef<T>, value: string | number | boolean): OptionDef<T> {
  return { ...def, value: { ...(def.value ?? { type: 'string' }), default: value } };
}

export interface ArgDef<T> {
  /** Shown in usage as `<name>` or `[name]`. */
  readonly name: string;
  readonly description: string;
  readonly required: boolean;
  /** Takes every remaining word (`<ids...>`); `parse` then receives them all. */
  readonly variadic?: boolean;
  readonly complete?: CompletionSource;
  readonly parse: (raw: string | string[] | undefined) => T;
}

/** Applies a check to a typed text, refusing in the one shape. */
export function checkValue<T>(check: Check<T>, text: string, name: string): T {
  try {
    return check(text, name);
  } catch (error) {
    if (error instanceof ValueRefused) throw invalidValue(name, text, error.message);
    throw error;
  }
}

/** An environment variable read through a check: undefined when unset or empty (empty counts as unset). */
export function checkEnv<T>(check: Check<T>, env: Readonly<Record<string, string | undefined>>, name: string): T | undefined {
  const text = env[name];
  return text ? checkValue(check, text, name) : undefined;
}

function valued<T>(
  flags: string,
  description: string,
  check: Check<T>,
  complete?: CompletionSource,
  value: ValueInfo = { type: 'string' },
): OptionDef<T | undefined> {
  return {
    flags,
    description,
    value,
    ...(complete ? { complete } : {}),
    parse: (raw, name) => (raw === undefined ? undefined : checkValue(check, String(raw), name)),
  };
}

// --- checks: each refuses with the reason shown after `invalid --flag "value": `

/** An integer in a range; `why` replaces the default reason (`--limit must be an integer from 1 to 500`). */
export function intCheck(range: { min: number; max?: number; why?: string }): Check<number> {
  return (text, name) => {
    const allowed = range.max === undefined ? `an integer of at least ${range.min}` : `an integer from ${range.min} to ${range.max}`;
    const n = Number(text);
    if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(n) || n < range.min || (range.max !== undefined && n > range.max)) {
      throw new ValueRefused(range.why ?? `${name} must be ${allowed}`);
    }
    return n;
  };
}

export function uuidCheck(): Check<string> {
  return (text) => {
    if (!UUID.test(text)) throw new ValueRefused('must be a UUID such as 7c9e6679-7425-40de-944b-e07fc1f90ae7');
    return text;
  };
}

/** Text matching a pattern, never empty. */
export function patternCheck(pattern: RegExp, why: string, emptyWhy = 'must not be empty'): Check<string> {
  return (text, name) => {
    if (text === '' && emptyWhy) throw new ValueRefused(emptyWhy);
    if (!pattern.test(text)) throw new ValueRefused(why.replace('{name}', name));
    return text;
  };
}

/** A comma-separated list of known words, repeats collapsed, at most `max`. */
export function enumListCheck(known: readonly string[], also: readonly string[], max: number): Check<string[]> {
  return (text, name) => {
    const list = [
      ...new Set(
        text
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ];
    if (list.length < 1) throw new ValueRefused(`${name} needs at least one of: ${known.join(', ')}`);
    if (list.length > max) throw new ValueRefused(`${name} takes at most ${max} statuses`);
    if (!list.every((s) => known.includes(s) || also.includes(s))) {
      // `runing,faild`: did you mean running,failed? Only when every unknown word has a near one.
      const near = list.map((s) => (known.includes(s) || also.includes(s) ? s : nearest(s, known)));
      if (near.every((s) => s !== undefined)) throw new ValueRefused(`did you mean ${name} ${near.join(',')}?`);
      throw new ValueRefused(`${name} values must be among: ${known.join(', ')}`);
    }
    return list;
  };
}

/** A span of time, `90` or `90s` (seconds), `1.5s`, `5m`, `1h`, in milliseconds from `minMs` to `maxMs`. */
export function durationCheck(range: { minMs: number; maxMs: number }): Check<number> {
  return (text) => {
    const m = /^(\d+(?:\.\d+)?)(s|m|h)?$/.exec(text.trim());
    const unit = { s: 1000, m: 60_000, h: 3_600_000 }[m?.[2] ?? 's'] ?? 1000;
    const ms = m ? Math.round(Number(m[1]) * unit) : Number.NaN;
    if (!Number.isFinite(ms)) throw new ValueRefused('expected a duration such as 90, 90s, 1.5s, 5m or 1h');
    if (ms < range.minMs || ms > range.maxMs) throw new ValueRefused(`must be from ${spanText(range.minMs)} to ${spanText(range.maxMs)}`);
    return ms;
  };
}

/** `100` → `0.1s`, `600000` → `10m`: the shortest exact way to write a span. */
export function spanText(ms: number): string {
  if (ms >= 3_600_000 && ms % 3_600_000 === 0) return `${ms / 3_600_000}h`;
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000}m`;
  return `${ms / 1000}s`;
}

/** A decimal number in a range (`above` excludes its bound); `why` replaces the default reason. */
export function numberCheck(range: { min?: number; above?: number; max?: number; why?: string } = {}): Check<number> {
  const { min = -Infinity, above, max = Infinity } = range;
  const bounded = Number.isFinite(min) || above !== undefined || Number.isFinite(max);
  const expected = range.why ?? (bounded ? `expected a number from ${above ?? min} to ${max}` : 'expected a number');
  return (text) => {
    const n = Number(text);
    if (text.trim() === '' || !Number.isFinite(n) || n < min || (above !== undefined && n <= above) || n > max) {
      throw new ValueRefused(expected);
    }
    return n;
  };
}

// --- option declarations

/** `--no-color`: a switch whose giving turns something off. */
function isNegated(flags: string): boolean {
  return /(^|[ ,])--no-/.test(flags);
}

export const option = {
  /** A switch: true when given; `--no-color` is false when given (commander collects false). */
  flag(flags: string, description: string): OptionDef<boolean> {
    return {
      flags,
      description,
      value: { type: 'boolean' },
      parse: isNegated(flags) ? (raw) => raw !== false : (raw) => raw === true,
    };
  },
  string(flags: string, description: string, complete?: CompletionSource): OptionDef<string | undefined> {
    return valued(flags, description, (text) => text, complete);
  },
  /** `--fault <spec...>`: every value given, in order. */
  strings(flags: string, description: string): OptionDef<string[]> {
    return {
      flags,
      description,
      value: { type: 'list' },
      parse: (raw) => (raw === undefined ? [] : Array.isArray(raw) ? raw.map(String) : [String(raw)]),
    };
  },
  /** `-f, --raw-field <key=value>`, given once per value; each is checked, in the order given. */
  repeated<T = string>(flags: string, description: string, check?: Check<T>): OptionDef<T[]> {
    return {
      flags,
      description,
      repeatable: true,
      value: { type: 'string' },
      parse: (raw, name) => {
        const texts = raw === undefined ? [] : Array.isArray(raw) ? raw.map(String) : [String(raw)];
        return texts.map((text) => (check ? checkValue(check, text, name) : (text as T)));
      },
    };
  },
  int(flags: string, description: string, range: { min: number; max?: number; why?: string }): OptionDef<number | undefined> {
    return valued(flags, description, intCheck(range), undefined, {
      type: 'integer',
      min: range.min,
      ...(range.max === undefined ? {} : { max: range.max }),
    });
  },
  number(flags: string, description: string, min: number, max: number): OptionDef<number | undefined> {
    return valued(flags, description, numberCheck({ min, max }), undefined, { type: 'number', min, max });
  },
  uuid(flags: string, description: string): OptionDef<string | undefined> {
    return valued(flags, description, uuidCheck(), undefined, { type: 'uuid' });
  },
  pattern(flags: string, description: string, pattern: RegExp, why: string, complete?: CompletionSource): OptionDef<string | undefined> {
    return valued(flags, description, patternCheck(pattern, why, ''), complete);
  },
  enumList(
    flags: string,
    description: string,
    list: { known: readonly string[]; also?: readonly string[]; max: number },
    complete?: CompletionSource,
  ): OptionDef<string[] | undefined> {
    return valued(flags, description, enumListCheck(list.known, list.also ?? [], list.max), complete, {
      type: 'list',
      choices: list.known,
      max: list.max,
    });
  },
  /** A span of time (`90` = 90 seconds, `1.5s`, `5m`, `1h`), received in milliseconds. */
  duration(flags: string, description: string, range: { minMs: number; maxMs: number }): OptionDef<number | undefined> {
    return valued(flags, description, durationCheck(range), undefined, durationInfo(range));
  },
  /** Any other rule: a check of the text. */
  custom<T>(flags: string, description: string, check: Check<T>, complete?: CompletionSource): OptionDef<T | undefined> {
    return valued(flags, description, check, complete);
  },
};

/** The same option, standing also for the global option of its name unless `unless` is given (see OptionDef.global). */
export function alsoGlobal<T>(def: OptionDef<T>, unless?: string): OptionDef<T> {
  return { ...def, global: unless === undefined ? {} : { unless } };
}

/** The same option, also read from the environment variable `name` when not given (the flag wins). */
export function fromEnv<T>(name: string, def: OptionDef<T>): OptionDef<T> {
  return { ...def, env: name };
}

/** Whether an option takes a value (`--limit <n>`) rather than being a switch. */
export function takesValue(def: OptionDef<unknown>): boolean {
  return def.flags.includes('<') || def.flags.includes('[');
}

/** A value typed on the command line, as commander would have collected it, and the name it was given by. */
export interface Given {
  raw: unknown;
  name: string;
}

/** One option's value: as given, else from its environment variable, else its default; `from` says which. */
export function optionValue<T>(
  def: OptionDef<T>,
  given: Given | undefined,
  env: Readonly<Record<string, string | undefined>>,
): { value: T; from?: 'flag' | 'environment' } {
  if (given) return { value: def.parse(given.raw, given.name), from: 'flag' };
  const text = def.env === undefined ? undefined : env[def.env];
  if (def.env !== undefined && text !== undefined && text !== '') {
    if (!takesValue(def)) {
      if (envSwitch(text)) return { value: def.parse(!isNegated(def.flags), def.env), from: 'environment' };
    } else return { value: def.parse(text, def.env), from: 'environment' };
  }
  return { value: def.parse(undefined, def.flags) };
}

// --- argument declarations

interface ArgBase {
  name: string;
  description: string;
  complete?: CompletionSource;
  /** How the value is named in messages (`intern id`); default the name. */
  label?: string;
}

function argDef<T>(base: ArgBase, required: boolean, parse: (raw: string | undefined) => T): ArgDef<T> {
  return {
    name: base.name,
    description: base.description,
    required,
    ...(base.complete ? { complete: base.complete } : {}),
    parse: (raw) => parse(Array.isArray(raw) ? raw[0] : raw),
  };
}

/** Any number of words (none included), each checked in turn; `-` passes unchecked (it stands for stdin). */
function manyArgs(base: ArgBase & { check?: Check<string> }): ArgDef<string[]> {
  const label = base.label ?? base.name;
  return {
    name: base.name,
    description: base.description,
    required: false,
    variadic: true,
    ...(base.complete ? { complete: base.complete } : {}),
    parse: (raw) => {
      const words = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
      const { check } = base;
      return check ? words.map((word) => (word === '-' ? word : checkValue(check, word, label))) : words;
    },
  };
}

function requiredArg(base: ArgBase): ArgDef<string>;
function requiredArg<T>(base: ArgBase & { check: Check<T> }): ArgDef<T>;
function requiredArg<T>(base: ArgBase & { check?: Check<T> }): ArgDef<T | string> {
  const label = base.label ?? base.name;
  return argDef(base, true, (raw) => (base.check ? checkValue(base.check, raw ?? '', label) : (raw ?? '')));
}

function optionalArg(base: ArgBase): ArgDef<string | undefined>;
function optionalArg<T>(base: ArgBase & { check: Check<T> }): ArgDef<T | undefined>;
function optionalArg<T>(base: ArgBase & { check?: Check<T> }): ArgDef<T | string | undefined> {
  const label = base.label ?? base.name;
  return argDef(base, false, (raw) => (raw === undefined ? undefined : base.check ? checkValue(base.check, raw, label) : raw));
}

/** Positional arguments; a check, when given, runs on the text before anything else. */
export const arg = { required: requiredArg, optional: optionalArg, many: manyArgs };

/** Path ids of length 1 or more, all the API document rules: anything else is sent percent-encoded for the API to judge. */
export function pathIdCheck(): Check<string> {
  return (text, name) => {
    if (text === '') throw usageError(`missing ${name}`);
    return text;
  };
}

// --- what a declaration gives `run`

export type OptionDefs = Readonly<Record<string, OptionDef<unknown>>>;
export type ArgDefs = Readonly<Record<string, ArgDef<unknown>>>;
export type OptionValues<O extends OptionDefs> = { -readonly [K in keyof O]: O[K] extends OptionDef<infer T> ? T : never };
export type ArgValues<A extends ArgDefs> = { -readonly [K in keyof A]: A[K] extends ArgDef<infer T> ? T : never };
