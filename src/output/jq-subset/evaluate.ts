// Runs a filter of the subset (./syntax.ts) as jq would, only where it can match jq exactly and
// cheaply: an error, jq's own number formatting, key or cartesian order, or work past the bounds
// throws `OutsideSubset`, and the caller hands the input to the engine (decisions/012-jq-subset-and-thread.md).
import { escapeJsonText, sanitizeRawString } from '../../core/sanitize.js';
import type { Builtin, Format, Node } from './syntax.js';

/** This input, or this filter, is for the engine. */
class OutsideSubset extends Error {}

function outside(): never {
  throw new OutsideSubset();
}

type Value = null | boolean | number | string | Value[] | { [key: string]: Value };
type JsonObject = { [key: string]: Value };

/** Values made per value of the input (and a floor), before the filter goes to the engine. */
const STEPS_PER_INPUT_VALUE = 8;
const STEPS_FLOOR = 200_000;
/** Printed characters per character of the input (and a floor). */
const PRINTED_PER_INPUT_CHAR = 8;
const PRINTED_FLOOR = 1024 * 1024;
/** Synchronous work at most on the main thread, where signals wait, before the engine's own thread takes over. */
export const MAIN_THREAD_TIME_LIMIT_MS = 300;
const CLOCK_EVERY_STEPS = 16_384;

/** The lines to print for `filter` over `input`, formatted as the engine's `jq -c` outputs are (../jq-engine.ts, formatJqOutput). */
export function evaluateSubset(filter: Node, input: unknown, timeLimitMs = MAIN_THREAD_TIME_LIMIT_MS): string[] {
  const size = measure(input);
  const run = new Run(size.values * STEPS_PER_INPUT_VALUE + STEPS_FLOOR, timeLimitMs);
  const outputs = run.eval(filter, input as Value);
  const printable = { left: size.chars * PRINTED_PER_INPUT_CHAR + PRINTED_FLOOR };
  return outputs.map((output) => {
    if (typeof output === 'string') {
      printable.left -= output.length;
      if (printable.left < 0) outside();
      return sanitizeRawString(output);
    }
    return escapeJsonText(dump(output, printable));
  });
}

/** The input's size, and whether jq reads it as JavaScript does (half a surrogate pair is a parse error to jq). */
function measure(input: unknown): { values: number; chars: number } {
  let values = 0;
  let chars = 0;
  const stack: unknown[] = [input];
  while (stack.length > 0) {
    const value = stack.pop();
    values++;
    if (typeof value === 'string') {
      if (LONE_SURROGATE.test(value)) outside();
      chars += value.length + 2;
    } else if (Array.isArray(value)) {
      chars += 2;
      for (const item of value) stack.push(item);
    } else if (value !== null && typeof value === 'object') {
      chars += 2;
      for (const key of Object.keys(value)) {
        if (LONE_SURROGATE.test(key)) outside();
        chars += key.length + 4;
        stack.push((value as JsonObject)[key]);
      }
    } else {
      chars += 5;
    }
  }
  return { values, chars };
}

/** Half a surrogate pair: under the `u` flag, a whole pair is one code point and does not match. */
const LONE_SURROGATE = /\p{Cs}/u;

class Run {
  private steps = 0;
  private readonly started = performance.now();

  private compared = 0;

  constructor(
    private readonly maxSteps: number,
    private readonly timeLimitMs: number,
  ) {}

  /** One comparison: it makes no value but counts against the time, so a large sort stops at the limit too. */
  readonly tick = (): void => {
    if (++this.compared % CLOCK_EVERY_STEPS === 0 && performance.now() - this.started > this.timeLimitMs) outside();
  };

  /** Counts `n` values made; past the budget, or the time, the filter is the engine's. */
  private spend(n: number): void {
    const before = this.steps;
    this.steps += n;
    if (this.steps > this.maxSteps) outside();
    if (
      Math.floor(before / CLOCK_EVERY_STEPS) !== Math.floor(this.steps / CLOCK_EVERY_STEPS) &&
      performance.now() - this.started > this.timeLimitMs
    ) {
      outside();
    }
  }

  eval(node: Node, input: Value): Value[] {
    this.spend(1);
    switch (node.kind) {
      case 'identity':
        return [input];
      case 'literal':
        return [node.value];
      case 'field':
        return this.eval(node.of, input).map((value) => index(value, node.name));
      case 'index': {
        // Both sides are run first, so that an error in either goes to the engine.
        const key = this.single(node.index, input);
        const values = this.eval(node.of, input);
        return key === undefined ? [] : values.map((value) => index(value, key));
      }
      case 'iterate':
        return this.eval(node.of, input).flatMap((value) => this.values(value));
      case 'pipe': {
        const outputs: Value[] = [];
        for (const value of this.eval(node.left, input)) for (const output of this.eval(node.right, value)) outputs.push(output);
        this.spend(outputs.length);
        return outputs;
      }
      case 'comma':
        return [...this.eval(node.left, input), ...this.eval(node.right, input)];
      case 'alternative': {
        const kept = this.eval(node.left, input).filter(truthy);
        return kept.length > 0 ? kept : this.eval(node.right, input);
      }
      case 'and':
      case 'or':
        return this.logic(node.kind, node.left, node.right, input);
      case 'compare': {
        const [left, right] = this.pair(node.left, node.right, input);
        if (left === undefined) return [];
        return [compared(node.op, compare(left, right!, this.tick))];
      }
      case 'arithmetic': {
        const [left, right] = this.pair(node.left, node.right, input);
        if (left === undefined) return [];
        return [node.op === '+' ? this.add(left, right!) : subtract(left, right!)];
      }
      case 'array': {
        const items = node.of ? this.eval(node.of, input) : [];
        this.spend(items.length);
        return [items];
      }
      case 'object':
        return this.object(node.entries, input);
      case 'string':
        return this.interpolate(node.parts, input);
      case 'if':
        return this.conditional(node.branches, node.otherwise, input, 0);
      case 'format':
        return [format(node.name, input)];
      case 'call':
        return this.call(node.name, node.args[0], input);
    }
  }

  /** The one output of `node`, or undefined for none; more than one is for the engine (jq's cartesian order). */
  private single(node: Node, input: Value): Value | undefined {
    const outputs = this.eval(node, input);
    if (outputs.length > 1) outside();
    return outputs[0];
  }

  /** Both sides of an operator, one output each, or [undefined] when either has none. */
  private pair(left: Node, right: Node, input: Value): [Value, Value] | [undefined] {
    const a = this.single(left, input);
    const b = this.single(right, input);
    return a === undefined || b === undefined ? [undefined] : [a, b];
  }

  /** `and`/`or` as jq runs them: for each output of the left, the right only when it decides. */
  private logic(kind: 'and' | 'or', left: Node, right: Node, input: Value): Value[] {
    const outputs: Value[] = [];
    for (const a of this.eval(left, input)) {
      if (truthy(a) === (kind === 'or')) outputs.push(kind === 'or');
      else for (const b of this.eval(right, input)) outputs.push(truthy(b));
    }
    return outputs;
  }

  private conditional(branches: { when: Node; then: Node }[], otherwise: Node | undefined, input: Value, at: number): Value[] {
    const branch = branches[at];
    if (!branch) return otherwise ? this.eval(otherwise, input) : [input];
    const outputs: Value[] = [];
    for (const when of this.eval(branch.when, input)) {
      const some = truthy(when) ? this.eval(branch.then, input) : this.conditional(branches, otherwise, input, at + 1);
      for (const output of some) outputs.push(output);
    }
    return outputs;
  }

  private object(entries: { key: string; value: Node }[], input: Value): Value[] {
    // Every value is run, so that an error in any goes to the engine.
    const values = entries.map(({ value }) => this.single(value, input));
    if (values.includes(undefined)) return [];
    const object: JsonObject = {};
    entries.forEach(({ key }, i) => define(object, key, values[i]!));
    return [object];
  }

  private interpolate(parts: (string | Node)[], input: Value): Value[] {
    const values = parts.map((part) => (typeof part === 'string' ? part : this.single(part, input)));
    if (values.includes(undefined)) return [];
    let text = '';
    for (const [i, value] of values.entries())
      text += typeof parts[i] === 'string' || typeof value === 'string' ? (value as string) : dump(value!);
    this.spend(1 + (text.length >> 4));
    return [text];
  }

  /** `.[]`: an array's items, an object's values; anything else is an error (jq's). */
  private values(value: Value): Value[] {
    if (Array.isArray(value)) {
      this.spend(value.length);
      return value;
    }
    if (isObject(value)) {
      const values = Object.values(value);
      this.spend(values.length);
      return values;
    }
    return outside();
  }

  private add(left: Value, right: Value): Value {
    if (left === null) return right;
    if (right === null) return left;
    if (typeof left === 'number' && typeof right === 'number') return computedNumber(left + right);
    if (typeof left === 'string' && typeof right === 'string') {
      this.spend(1 + ((left.length + right.length) >> 4));
      return left + right;
    }
    if (Array.isArray(left) && Array.isArray(right)) {
      this.spend(left.length + right.length);
      return [...left, ...right];
    }
    if (isObject(left) && isObject(right)) {
      const merged: JsonObject = {};
      for (const side of [left, right]) {
        for (const key of Object.keys(side)) {
          // jq keeps the left's order and adds the right's new keys after; JavaScript moves
          // index-like keys first.
          if (/^\d/.test(key)) outside();
          define(merged, key, side[key]!);
        }
      }
      this.spend(Object.keys(merged).length);
      return merged;
    }
    return outside();
  }

  private call(name: Builtin, arg: Node | undefined, input: Value): Value[] {
    switch (name) {
      case 'empty':
        return [];
      case 'not':
        return [!truthy(input)];
      case 'select': {
        const outputs: Value[] = [];
        for (const keep of this.eval(arg!, input)) if (truthy(keep)) outputs.push(input);
        return outputs;
      }
      case 'map': {
        const outputs: Value[] = [];
        for (const item of this.values(input)) for (const output of this.eval(arg!, item)) outputs.push(output);
        this.spend(outputs.length);
        return [outputs];
      }
      case 'has': {
        const key = this.single(arg!, input);
        return key === undefined ? [] : [has(input, key)];
      }
      case 'join': {
        const separator = this.single(arg!, input);
        return separator === undefined ? [] : [this.join(input, separator)];
      }
      case 'startswith':
      case 'endswith': {
        const part = this.single(arg!, input);
        if (part === undefined) return [];
        if (typeof input !== 'string' || typeof part !== 'string') return outside();
        return [name === 'startswith' ? input.startsWith(part) : input.endsWith(part)];
      }
      case 'sort_by':
        return [this.sortBy(input, arg!)];
      case 'add':
        return [this.values(input).reduce<Value>((sum, item) => this.add(sum, item), null)];
      case 'any':
        return [this.values(input).some(truthy)];
      case 'all':
        return [this.values(input).every(truthy)];
      case 'sort':
        if (!Array.isArray(input)) return outside();
        this.spend(input.length);
        return [stableSort(input, (a, b) => compare(a, b, this.tick))];
      default:
        return [plain(name, input, this.tick)];
    }
  }

  /** jq's `join` (1.7 and 1.8): null as "", numbers and booleans as JSON, strings as they are. */
  private join(input: Value, separator: Value): Value {
    const items = this.values(input);
    if (items.length === 0) return '';
    if (typeof separator !== 'string') return outside();
    const texts = items.map((item) => {
      if (item === null) return '';
      if (typeof item === 'string') return item;
      if (typeof item === 'number' || typeof item === 'boolean') return dump(item);
      return outside();
    });
    const joined = texts.join(separator);
    this.spend(1 + (joined.length >> 4));
    return joined;
  }

  /** Sorted by all the outputs of `by` for each item, compared as arrays; stable, as jq's. */
  private sortBy(input: Value, by: Node): Value {
    if (!Array.isArray(input)) return outside();
    const keyed = input.map((item) => ({ item, key: this.eval(by, item) as Value }));
    this.spend(input.length);
    return stableSort(keyed, (a, b) => compare(a.key, b.key, this.tick)).map((entry) => entry.item);
  }
}

/** The builtins that take no argument and make one value of their input. */
function plain(
  name: Exclude<
    Builtin,
    'empty' | 'not' | 'select' | 'map' | 'has' | 'join' | 'startswith' | 'endswith' | 'sort_by' | 'add' | 'any' | 'all' | 'sort'
  >,
  input: Value,
  tick: () => void,
): Value {
  switch (name) {
    case 'length':
      if (input === null) return 0;
      if (typeof input === 'boolean') return outside();
      if (typeof input === 'number') return computedNumber(Math.abs(input));
      if (typeof input === 'string') return codePoints(input);
      return Array.isArray(input) ? input.length : Object.keys(input).length;
    case 'keys':
    case 'keys_unsorted': {
      if (Array.isArray(input)) return input.map((_, i) => i);
      if (!isObject(input)) return outside();
      const keys = Object.keys(input);
      return name === 'keys' ? keys.sort((a, b) => (tick(), compareStrings(a, b))) : keys;
    }
    case 'type':
      return typeName(input);
    case 'tostring':
      return typeof input === 'string' ? input : dump(input);
    case 'tojson':
      return dump(input);
    case 'first':
      return index(input, 0);
    case 'last':
      return index(input, -1);
    case 'to_entries':
      if (!isObject(input)) return outside();
      return Object.keys(input).map((key) => ({ key, value: input[key]! }));
  }
}

/** `.[key]` on a value, as jq reads it; an index jq would refuse is an error here. */
function index(value: Value, key: Value): Value {
  if (typeof key === 'string') {
    if (value === null) return null;
    if (!isObject(value)) return outside();
    return Object.hasOwn(value, key) ? value[key]! : null;
  }
  if (typeof key === 'number' && Number.isSafeInteger(key)) {
    if (value === null) return null;
    if (!Array.isArray(value)) return outside();
    const at = key < 0 ? value.length + key : key;
    return at >= 0 && at < value.length ? value[at]! : null;
  }
  return outside();
}

function has(value: Value, key: Value): boolean {
  if (isObject(value) && typeof key === 'string') return Object.hasOwn(value, key);
  if (Array.isArray(value) && typeof key === 'number' && Number.isSafeInteger(key)) return key >= 0 && key < value.length;
  return outside();
}

function subtract(left: Value, right: Value): Value {
  if (typeof left === 'number' && typeof right === 'number') return computedNumber(left - right);
  return outside();
}

/** A number jq computed prints in its own way; only whole numbers print as JavaScript does. */
function computedNumber(n: number): number {
  return Number.isSafeInteger(n) ? n : outside();
}

function format(name: Format, input: Value): Value {
  if (name === 'text') return typeof input === 'string' ? input : dump(input);
  if (name === 'json') return dump(input);
  if (!Array.isArray(input)) return outside();
  const cells = input.map((cell) => {
    if (cell === null) return '';
    if (typeof cell === 'boolean' || typeof cell === 'number') return dump(cell);
    if (typeof cell !== 'string') return outside();
    if (name === 'csv') return `"${cell.replaceAll('"', '""')}"`;
    return cell.replace(/[\\\t\n\r]/g, (ch) => TSV_ESCAPES[ch]!);
  });
  return cells.join(name === 'csv' ? ',' : '\t');
}

const TSV_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** `jq -c`'s text of a value within `budget` characters (shared parts can print far larger than held); exponents are left to jq. */
function dump(value: Value, budget: { left: number } = { left: PRINTED_FLOOR }): string {
  const parts: string[] = [];
  const write = (text: string): void => {
    budget.left -= text.length;
    if (budget.left < 0) outside();
    parts.push(text);
  };
  const walk = (v: Value): void => {
    if (typeof v === 'number') {
      // Infinity and NaN are not JSON, and jq writes -0 as it is.
      if (!Number.isFinite(v) || Object.is(v, -0)) outside();
      const text = String(v);
      write(/[eE]/.test(text) ? outside() : text);
    } else if (typeof v === 'string') {
      write(jsonString(v));
    } else if (v === null || typeof v !== 'object') {
      write(JSON.stringify(v));
    } else if (Array.isArray(v)) {
      write('[');
      v.forEach((item, i) => {
        if (i > 0) write(',');
        walk(item);
      });
      write(']');
    } else {
      write('{');
      Object.keys(v).forEach((key, i) => {
        write(`${i > 0 ? ',' : ''}${jsonString(key)}:`);
        walk(v[key]!);
      });
      write('}');
    }
  };
  walk(value);
  return parts.join('');
}

/** A string as jq writes it: as JSON.stringify does, and DEL escaped too. */
function jsonString(text: string): string {
  return JSON.stringify(text).replaceAll('\u007f', '\\u007f');
}

function define(object: JsonObject, key: string, value: Value): void {
  // `__proto__` as a plain assignment would set the prototype, not a key.
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

function truthy(value: Value): boolean {
  return value !== null && value !== false;
}

function isObject(value: Value): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function typeName(value: Value): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'object' ? 'object' : typeof value;
}

function codePoints(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) count--;
  }
  return count;
}

/** jq's order of kinds: null, false, true, numbers, strings, arrays, objects. */
function rank(value: Value): number {
  if (value === null) return 0;
  if (value === false) return 1;
  if (value === true) return 2;
  if (typeof value === 'number') return 3;
  if (typeof value === 'string') return 4;
  return Array.isArray(value) ? 5 : 6;
}

/** jq's jv_cmp: by kind, then numbers, strings by code point, arrays by item, objects by sorted keys then values. */
function compare(a: Value, b: Value, tick: () => void): number {
  tick();
  const kinds = rank(a) - rank(b);
  if (kinds !== 0) return Math.sign(kinds);
  if (typeof a === 'number') return Math.sign(a - (b as number));
  if (typeof a === 'string') return compareStrings(a, b as string);
  if (Array.isArray(a)) {
    const other = b as Value[];
    for (let i = 0; i < a.length && i < other.length; i++) {
      const c = compare(a[i]!, other[i]!, tick);
      if (c !== 0) return c;
    }
    return Math.sign(a.length - other.length);
  }
  if (a === null || typeof a === 'boolean') return 0;
  const other = b as JsonObject;
  const byName = (x: string, y: string): number => (tick(), compareStrings(x, y));
  const keysA = Object.keys(a).sort(byName);
  const keysB = Object.keys(other).sort(byName);
  const byKeys = compare(keysA, keysB, tick);
  if (byKeys !== 0) return byKeys;
  for (const key of keysA) {
    const c = compare(a[key]!, other[key]!, tick);
    if (c !== 0) return c;
  }
  return 0;
}

/** By code point, as jq compares UTF-8 bytes (JavaScript's `<` compares UTF-16 units). */
function compareStrings(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointOrder(x) - codePointOrder(y);
  }
  return Math.sign(a.length - b.length);
}

/** A UTF-16 unit moved so that surrogates (code points past U+FFFF) sort after U+E000-U+FFFF. */
function codePointOrder(unit: number): number {
  if (unit >= 0xd800 && unit <= 0xdfff) return unit + 0x2000;
  return unit >= 0xe000 ? unit - 0x800 : unit;
}

function compared(op: string, order: number): boolean {
  switch (op) {
    case '==':
      return order === 0;
    case '!=':
      return order !== 0;
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    default:
      return order >= 0;
  }
}

function stableSort<T>(items: readonly T[], by: (a: T, b: T) => number): T[] {
  // Array.prototype.sort is stable (ES2019).
  return [...items].sort(by);
}
