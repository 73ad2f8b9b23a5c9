// Reads a --jq filter into ./syntax.ts's tree when the whole filter is in the subset, with jq's
// own precedence (jq 1.8.2's parser.y, as 1.7.1's: `|` loosest and to the right, then `,`, `//` to the
// right, `or`, `and`, the comparisons (not chained), `+` and `-`), and otherwise says no: the
// engine then compiles it, and reports what jq finds wrong with it. Every filter this accepts
// is one jq compiles (test/output/jq-subset.test.ts checks it against the engine).
import { isIndexLike } from './input.js';
import { ARITY, isBuiltin, type Comparison, type Format, type Node } from './syntax.js';

/** The filter's tree, or undefined when the filter is not (all) in the subset. */
export function parseSubset(expr: string): Node | undefined {
  try {
    const parser = new Parser(expr);
    const node = parser.pipe();
    return parser.atEnd() ? node : undefined;
  } catch (error) {
    if (error instanceof NotInSubset || error instanceof RangeError) return undefined;
    throw error;
  }
}

class NotInSubset extends Error {}

function refuse(): never {
  throw new NotInSubset();
}

const KEYWORDS = new Set([
  'def',
  'if',
  'then',
  'elif',
  'else',
  'end',
  'as',
  'reduce',
  'foreach',
  'try',
  'catch',
  'label',
  'import',
  'include',
  'and',
  'or',
  '__loc__',
]);
const FORMATS = new Set<string>(['csv', 'tsv', 'json', 'text']);
const COMPARISONS: readonly Comparison[] = ['==', '!=', '<=', '>=', '<', '>'];
const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
/** Nesting deeper than this is left to the engine. */
const MAX_DEPTH = 64;

class Parser {
  private at = 0;
  private depth = 0;

  constructor(private readonly text: string) {}

  atEnd(): boolean {
    this.space();
    return this.at === this.text.length;
  }

  /** `a | b`, to the right; `|=` is an update, outside the subset. */
  pipe(): Node {
    if (++this.depth > MAX_DEPTH) refuse();
    const left = this.comma();
    this.depth--;
    if (this.sees('|') && !this.sees('|=')) {
      this.at++;
      return { kind: 'pipe', left, right: this.pipe() };
    }
    return left;
  }

  private comma(): Node {
    let left = this.alternative();
    while (this.sees(',')) {
      this.at++;
      left = { kind: 'comma', left, right: this.alternative() };
    }
    return left;
  }

  private alternative(): Node {
    const left = this.or();
    if (this.sees('//') && !this.sees('//=')) {
      this.at += 2;
      return { kind: 'alternative', left, right: this.alternative() };
    }
    return left;
  }

  private or(): Node {
    let left = this.and();
    while (this.seesWord('or')) left = { kind: 'or', left, right: this.and() };
    return left;
  }

  private and(): Node {
    let left = this.compare();
    while (this.seesWord('and')) left = { kind: 'and', left, right: this.compare() };
    return left;
  }

  /** One comparison at most: jq does not chain them (`a < b < c` is a syntax error). */
  private compare(): Node {
    const left = this.additive();
    const op = this.comparison();
    if (!op) return left;
    const node: Node = { kind: 'compare', op, left, right: this.additive() };
    if (this.comparison()) refuse();
    return node;
  }

  private comparison(): Comparison | undefined {
    this.space();
    const op = COMPARISONS.find((candidate) => this.text.startsWith(candidate, this.at));
    if (op) this.at += op.length;
    return op;
  }

  private additive(): Node {
    let left = this.term();
    for (;;) {
      this.space();
      const op = this.text[this.at];
      if ((op !== '+' && op !== '-') || this.text[this.at + 1] === '=') break;
      this.at++;
      left = { kind: 'arithmetic', op, left, right: this.term() };
    }
    // `*`, `/` and `%` (but not `//`) are outside the subset.
    this.space();
    if (/^[*%]|^\/(?!\/)/.test(this.text.slice(this.at, this.at + 2))) refuse();
    return left;
  }

  /**
   * A term and what follows it: `.name`, `."name"`, `[i]`, `[]`, each with its `?`. `?` after
   * anything else (`(…)?`, `"s"?`) binds as jq's `Exp '?'`: nothing follows it and it is no
   * object's value. `if … end` is a term to jq 1.8 but not to 1.7: left to jq. Where the subset succeeds, `E?`
   * is `E` (`?` only hides errors, and a failing filter goes to the engine).
   */
  private term(inObject = false): Node {
    if (this.seesWord('if')) return inObject ? refuse() : this.conditional();
    // A path step was just read (`.name`, `."name"`, not `(.name)`): `?` is part of the term.
    const next = this.text[this.at + 1];
    let step = this.text[this.at] === '.' && (isNameStart(next) || next === '"');
    let node = this.primary();
    for (;;) {
      this.space();
      const ch = this.text[this.at];
      if (ch === '.' && isNameStart(this.text[this.at + 1])) {
        this.at++;
        node = { kind: 'field', of: node, name: this.word() };
        step = true;
      } else if (ch === '.' && this.text[this.at + 1] === '"') {
        this.at++;
        node = { kind: 'field', of: node, name: this.plainString() };
        step = true;
      } else if (ch === '[') {
        node = this.bracket(node);
        step = true;
      } else if (ch === '?') {
        // `?//` is destructuring, outside the subset.
        if (this.text.startsWith('?//', this.at)) refuse();
        this.at++;
        if (step) {
          step = false;
          continue;
        }
        return inObject ? refuse() : node;
      } else {
        return node;
      }
    }
  }

  private bracket(of: Node): Node {
    this.at++;
    this.space();
    if (this.text[this.at] === ']') {
      this.at++;
      return { kind: 'iterate', of };
    }
    // `.[-1]`: jq negates the literal; that is the one place the subset takes a minus sign.
    const negative = /^-[ \t\n\r]*(0|[1-9]\d{0,14})[ \t\n\r]*\]/.exec(this.text.slice(this.at));
    if (negative) {
      this.at += negative[0].length;
      return { kind: 'index', of, index: { kind: 'literal', value: -Number(negative[1]) } };
    }
    const index = this.pipe();
    this.expect(']');
    return { kind: 'index', of, index };
  }

  private primary(): Node {
    this.space();
    const ch = this.text[this.at];
    if (ch === undefined) refuse();
    if (ch === '.') return this.dot();
    if (ch === '"') return this.string();
    if (ch >= '0' && ch <= '9') return this.number();
    if (ch === '[') {
      this.at++;
      this.space();
      if (this.text[this.at] === ']') {
        this.at++;
        return { kind: 'array' };
      }
      const of = this.pipe();
      this.expect(']');
      return { kind: 'array', of };
    }
    if (ch === '{') return this.object();
    if (ch === '(') {
      this.at++;
      const inner = this.pipe();
      this.expect(')');
      return inner;
    }
    if (ch === '@') {
      this.at++;
      const name = this.word();
      this.space();
      if (!FORMATS.has(name) || this.text[this.at] === '"') refuse();
      return { kind: 'format', name: name as Format };
    }
    if (isNameStart(ch)) return this.named();
    return refuse();
  }

  private dot(): Node {
    const next = this.text[this.at + 1];
    if (next === '.' || (next !== undefined && next >= '0' && next <= '9')) refuse();
    this.at++;
    if (isNameStart(next)) return { kind: 'field', of: { kind: 'identity' }, name: this.word() };
    if (next === '"') return { kind: 'field', of: { kind: 'identity' }, name: this.plainString() };
    return { kind: 'identity' };
  }

  /** A word where a term starts: true, false, null, `if`, or a builtin of the subset. */
  private named(): Node {
    const name = this.word();
    if (this.text.startsWith('::', this.at)) refuse();
    if (KEYWORDS.has(name)) refuse();
    this.space();
    const call = this.text[this.at] === '(';
    if (name === 'true' || name === 'false' || name === 'null') {
      if (call) refuse();
      return { kind: 'literal', value: name === 'null' ? null : name === 'true' };
    }
    if (!isBuiltin(name)) refuse();
    const builtin = name;
    if (ARITY[builtin] === 0) {
      if (call) refuse();
      return { kind: 'call', name: builtin, args: [] };
    }
    if (!call) refuse();
    this.at++;
    const arg = this.pipe();
    this.expect(')');
    return { kind: 'call', name: builtin, args: [arg] };
  }

  /** `if A then B (elif C then D)* (else E)? end`. */
  private conditional(): Node {
    const branches: { when: Node; then: Node }[] = [];
    let otherwise: Node | undefined;
    for (;;) {
      const when = this.pipe();
      if (!this.seesWord('then')) refuse();
      branches.push({ when, then: this.pipe() });
      if (this.seesWord('elif')) continue;
      if (this.seesWord('else')) otherwise = this.pipe();
      if (!this.seesWord('end')) refuse();
      return otherwise ? { kind: 'if', branches, otherwise } : { kind: 'if', branches };
    }
  }

  /** `{a: T, "b": T | T, c}`: keys written out (no `$x`, `(expr)` or `@f`), values terms or pipes of terms. */
  private object(): Node {
    this.at++;
    const entries: { key: string; value: Node }[] = [];
    this.space();
    if (this.text[this.at] === '}') {
      this.at++;
      return { kind: 'object', entries };
    }
    for (;;) {
      this.space();
      const ch = this.text[this.at];
      let key: string;
      let value: Node;
      if (isNameStart(ch)) {
        key = this.word();
        if (KEYWORDS.has(key)) refuse();
        this.space();
        value = this.text[this.at] === ':' ? this.objectValue() : { kind: 'field', of: { kind: 'identity' }, name: key };
      } else if (ch === '"') {
        key = this.plainString();
        this.space();
        if (this.text[this.at] !== ':') refuse();
        value = this.objectValue();
      } else {
        return refuse();
      }
      // jq keeps the order keys were written in; JavaScript moves an index-like key to the front.
      if (isIndexLike(key) || entries.some((entry) => entry.key === key)) refuse();
      entries.push({ key, value });
      this.space();
      if (this.text[this.at] === '}') {
        this.at++;
        return { kind: 'object', entries };
      }
      this.expect(',');
    }
  }

  /** After the `:`, what jq takes as an object's value: terms joined by `|`, nothing looser. */
  private objectValue(): Node {
    this.at++;
    return this.objectValuePipe();
  }

  private objectValuePipe(): Node {
    const left = this.term(true);
    this.space();
    if (this.text[this.at] === '|' && this.text[this.at + 1] !== '=') {
      this.at++;
      return { kind: 'pipe', left, right: this.objectValuePipe() };
    }
    return left;
  }

  /** A whole number that prints as JavaScript prints it (jq keeps a literal's own text). */
  private number(): Node {
    const digits = /^\d+/.exec(this.text.slice(this.at))![0];
    this.at += digits.length;
    const next = this.text[this.at];
    if (digits.length > 15 || (digits.length > 1 && digits.startsWith('0'))) refuse();
    if (next === '.' || next === 'e' || next === 'E' || isNameStart(next)) refuse();
    return { kind: 'literal', value: Number(digits) };
  }

  /** A string, with `\(…)` interpolation. */
  private string(): Node {
    const parts: (string | Node)[] = [];
    let text = '';
    this.at++;
    for (;;) {
      const ch = this.text[this.at];
      if (ch === undefined) refuse();
      this.at++;
      if (ch === '"') break;
      if (ch !== '\\') {
        text += ch;
        continue;
      }
      const escape = this.text[this.at++];
      if (escape === '(') {
        if (text !== '') parts.push(text);
        text = '';
        parts.push(this.pipe());
        this.expect(')');
      } else if (escape === 'u') {
        const hex = this.text.slice(this.at, this.at + 4);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) refuse();
        const code = parseInt(hex, 16);
        // Surrogates, paired or not, are left to jq's own reading of them.
        if (code >= 0xd800 && code <= 0xdfff) refuse();
        text += String.fromCharCode(code);
        this.at += 4;
      } else if (escape !== undefined && escape in ESCAPES) {
        text += ESCAPES[escape];
      } else {
        refuse();
      }
    }
    if (text !== '' || parts.length === 0) parts.push(text);
    return parts.length === 1 && typeof parts[0] === 'string' ? { kind: 'literal', value: parts[0] } : { kind: 'string', parts };
  }

  /** A string without interpolation (an object key, `."name"`). */
  private plainString(): string {
    const node = this.string();
    if (node.kind !== 'literal' || typeof node.value !== 'string') refuse();
    return node.value;
  }

  private word(): string {
    const match = /^[a-zA-Z_][a-zA-Z0-9_]*/.exec(this.text.slice(this.at));
    if (!match) refuse();
    this.at += match[0].length;
    return match[0];
  }

  /** The keyword `word` is next (not the start of a longer name): taken. */
  private seesWord(word: string): boolean {
    this.space();
    if (!this.text.startsWith(word, this.at) || isNameChar(this.text[this.at + word.length])) return false;
    this.at += word.length;
    return true;
  }

  private sees(token: string): boolean {
    this.space();
    return this.text.startsWith(token, this.at);
  }

  private expect(token: string): void {
    if (!this.sees(token)) refuse();
    this.at += token.length;
  }

  /** jq's white space; a comment leaves the filter to the engine. */
  private space(): void {
    while (this.at < this.text.length && ' \t\n\r'.includes(this.text[this.at]!)) this.at++;
    if (this.text[this.at] === '#') refuse();
  }
}

function isNameStart(ch: string | undefined): boolean {
  return ch !== undefined && /[a-zA-Z_]/.test(ch);
}

function isNameChar(ch: string | undefined): boolean {
  return ch !== undefined && /[a-zA-Z0-9_]/.test(ch);
}
