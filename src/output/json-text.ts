// JSON text of a value, with every part the API sent printed as it was sent (core/sent-json.ts):
// its keys in their order, its numbers as written. Only the layout is gwctl's: pretty as
// JSON.stringify(value, null, 2) lays it out, or compact on one line. A value gwctl built
// itself (a watch event, a summary) prints as JSON.stringify prints it, around the sent parts
// it holds. The characters a terminal must not receive raw are escaped (core/sanitize.ts).
//
// The pretty layout is made a piece at a time (`JsonLayout`) and each piece written before the
// next is made: its indentation can make the text hundreds of times the size of what was sent
// (a 1 MB body nested 500 deep is 500 MB laid out), more than memory, or a string, holds.
import {
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  compactSentText,
  endsScalar,
  isJsonSpace,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
  sentText,
  stringEnd,
} from '../core/sent-json.js';
import { escapeJsonText } from '../core/sanitize.js';

/**
 * The text to hand a JSON reader (jq) for a value: what the API sent, unchanged (its own
 * spacing), when the value is a body or an item of one; otherwise compact JSON around the sent
 * parts it holds. Not escaped for a terminal: it is read, not shown.
 */
export function jsonText(value: unknown): string {
  return sentText(value) ?? writeJson(value, '', '');
}

/** JSON on one line (no newline at the end), whole: no longer than what was sent, around what gwctl adds. */
export function compactJson(value: unknown): string {
  return escapeJsonText(writeJson(value, '', ''));
}

/**
 * JSON.stringify's layout (`unit` a level, the value's own lines indented by `pad`, both of
 * spaces; compact when `unit` is empty), with the sent parts of `value` as sent, whole. Not
 * escaped for a terminal.
 */
export function writeJson(value: unknown, unit: string, pad: string): string {
  // An item read without spacing is its own compact text (--jsonl's every item).
  const compact = unit === '' ? compactSentText(value) : undefined;
  if (compact !== undefined) return compact;
  const layout = new JsonLayout(unit.length);
  layout.value(value, pad.length);
  let text = '';
  for (let piece = layout.next(); piece !== undefined; piece = layout.next()) text += piece;
  return text + layout.rest();
}

/** `value`'s pretty JSON and a line break through `out`, a piece at a time. */
export async function writePrettyJson(out: (text: string) => Promise<void>, value: unknown): Promise<void> {
  const layout = new JsonLayout(2);
  const write = pieceWriter(out);
  layout.value(value, 0);
  await layout.drain(write);
  layout.text('\n');
  await write(layout.rest());
}

/**
 * What a piece holds before it is handed on: small enough to keep memory flat, big enough that
 * a page of a list is written whole (500 interns are about 400 K characters laid out; pieces of
 * 64 K cost `--all --json` 5 % more CPU over 100,000 interns, Node 24).
 */
const PIECE_CHARS = 1024 * 1024;

/** Whether the event loop turned since the last piece writer looked. */
let turned = true;

/**
 * Pieces of JSON text to `out`, escaped for a terminal, each once `out` can take more, and a turn
 * of the event loop after each piece's worth unless one came meanwhile (a pipe's or a page's
 * wait). V8 finishes collecting what was written only between tasks: to a file, where a write
 * never waits, a 3.3 MB body nested 500 deep (1.4 GB laid out) peaked at 320 MB without the
 * turns and 165 MB with them (Node 24).
 */
export function pieceWriter(out: (text: string) => Promise<void>): (piece: string) => Promise<void> {
  let since = 0;
  return async (piece) => {
    await out(escapeJsonText(piece));
    since += piece.length;
    if (since < PIECE_CHARS) return;
    since = 0;
    if (!turned) await new Promise((resolve) => setImmediate(resolve));
    turned = false;
    setImmediate(() => (turned = true));
  };
}

/**
 * Where the layout is, `pad` spaces in: the sent text of a value being laid out anew (`due`: a
 * line break comes first), or a value gwctl built, an array (no `keys`) or an object (`comma`:
 * written already).
 */
type Frame = TextFrame | BuiltFrame;
type TextFrame = { text: string; at: number; pad: number; due: boolean };
type BuiltFrame = { built: object; keys: string[] | undefined; at: number; pad: number; comma: boolean };

/**
 * JSON text laid out a piece at a time, `unit` spaces a level (0: compact). Values and text are
 * added in order; `next` lays out until a piece holds PIECE_CHARS characters and hands it on,
 * ending just before a line break (no line, so no key io.ts masks, is ever split), or says that
 * all that was added is laid out. A compact layout has no line breaks and is never cut.
 */
export class JsonLayout {
  private out = '';
  private readonly frames: Frame[] = [];
  private readonly pretty: boolean;

  constructor(private readonly unit: number) {
    this.pretty = unit > 0;
  }

  /** Text as it is, once what was added before is laid out (`next` said so). */
  text(text: string): void {
    this.out += text;
  }

  /** `value`'s JSON, its lines indented by `pad` spaces, after what was added before. */
  value(value: unknown, pad: number): void {
    if (typeof value !== 'object' || value === null) {
      this.out += JSON.stringify(value) ?? 'null';
      return;
    }
    // An item read without spacing is its own compact text: no second scan of it.
    const compact = this.pretty ? undefined : compactSentText(value);
    if (compact !== undefined) {
      this.out += compact;
      return;
    }
    const text = sentText(value);
    if (text !== undefined) {
      if (this.pretty) this.frames.push({ text, at: 0, pad, due: false });
      else this.out += compactText(text);
      return;
    }
    const json = (value as { toJSON?: unknown }).toJSON;
    if (typeof json === 'function') return this.value(json.call(value, ''), pad);
    const keys = Array.isArray(value) ? undefined : printableKeys(value);
    if ((keys ?? (value as unknown[])).length === 0) {
      this.out += keys ? '{}' : '[]';
      return;
    }
    this.out += keys ? '{' : '[';
    this.frames.push({ built: value, keys, at: 0, pad, comma: false });
  }

  /**
   * The fields of `object` as the last of an object open at `pad` whose first fields are added
   * already (a merged list's, after its `data`): each after a comma, then the object's end.
   */
  lastFields(object: object, pad: number): void {
    const keys = printableKeys(object);
    if (keys.length === 0) {
      this.out += this.pretty ? `${breakTo(pad)}}` : '}';
      return;
    }
    this.out += ',';
    const text = sentText(object);
    if (text === undefined) this.frames.push({ built: object, keys, at: 0, pad, comma: false });
    else if (this.pretty) this.frames.push({ text, at: text.indexOf('{') + 1, pad: pad + this.unit, due: true });
    else this.out += compactText(text).slice(1);
  }

  /** A line break and `pad` spaces, where a piece may end: the piece, when it is full. */
  lineBreak(pad: number): string | undefined {
    const piece = this.out.length >= PIECE_CHARS ? this.rest() : undefined;
    this.out += breakTo(pad);
    return piece;
  }

  /** The next full piece, not yet escaped; undefined once all that was added is laid out (`rest` holds what is left of it). */
  next(): string | undefined {
    while (this.frames.length > 0) {
      const frame = this.frames[this.frames.length - 1]!;
      if ('text' in frame ? this.layoutText(frame) : this.layoutBuilt(frame)) return this.rest();
    }
    return undefined;
  }

  /** Writes each full piece through `write` (a `pieceWriter`), until all that was added is laid out. */
  async drain(write: (text: string) => Promise<void>): Promise<void> {
    for (let piece = this.next(); piece !== undefined; piece = this.next()) await write(piece);
  }

  /** What is laid out and not yet handed on, taken. */
  rest(): string {
    const text = this.out;
    this.out = '';
    return text;
  }

  /** One step of a value gwctl built: the next element or field, or its end. True when a piece is full before a line break. */
  private layoutBuilt(frame: BuiltFrame): boolean {
    const { built, keys, pad } = frame;
    const count = keys ? keys.length : (built as unknown[]).length;
    if (frame.at === count) {
      if (this.pretty && this.out.length >= PIECE_CHARS) return true;
      this.frames.pop();
      this.out += `${this.pretty ? breakTo(pad) : ''}${keys ? '}' : ']'}`;
      return false;
    }
    if (frame.at > 0 && !frame.comma) {
      this.out += ',';
      frame.comma = true;
    }
    if (this.pretty && this.out.length >= PIECE_CHARS) return true;
    frame.comma = false;
    const inner = pad + this.unit;
    if (this.pretty) this.out += breakTo(inner);
    const at = frame.at++;
    if (keys) {
      this.out += `${JSON.stringify(keys[at])}${this.pretty ? ': ' : ':'}`;
      this.value((built as Record<string, unknown>)[keys[at]!], inner);
    } else {
      // A hole prints as null, as JSON.stringify prints it.
      const item = (built as unknown[])[at];
      this.value(printable(item) ? item : null, inner);
    }
    return false;
  }

  /**
   * Lays a sent text out anew, pretty (`unit` a level), from where the frame is. True when a
   * piece is full before a line break: the frame then says where to go on.
   */
  private layoutText(frame: TextFrame): boolean {
    const { text } = frame;
    const unit = this.unit;
    let out = this.out;
    let pad = frame.pad;
    if (frame.due) out += breakTo(pad);
    const n = text.length;
    let i = frame.at;
    while (i < n) {
      const code = text.charCodeAt(i);
      if (isJsonSpace(code)) {
        i++;
      } else if (code === QUOTE) {
        const end = stringEnd(text, i);
        out += text.slice(i, end);
        i = end;
      } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
        let next = i + 1;
        while (isJsonSpace(text.charCodeAt(next))) next++;
        if (text.charCodeAt(next) === code + 2) {
          // `{}` and `[]`: empty, on one line, as JSON.stringify writes them.
          out += code === OPEN_BRACE ? '{}' : '[]';
          i = next + 1;
        } else {
          pad += unit;
          out += text[i];
          i = next;
          if (out.length >= PIECE_CHARS) return this.pause(frame, out, i, pad, true);
          out += breakTo(pad);
        }
      } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
        if (out.length >= PIECE_CHARS) return this.pause(frame, out, i, pad, false);
        pad -= unit;
        out += breakTo(pad) + text[i];
        i++;
      } else if (code === COMMA) {
        out += ',';
        i++;
        if (out.length >= PIECE_CHARS) return this.pause(frame, out, i, pad, true);
        out += breakTo(pad);
      } else if (code === COLON) {
        out += ': ';
        i++;
      } else {
        let end = i + 1;
        while (end < n && !endsScalar(text.charCodeAt(end))) end++;
        out += text.slice(i, end);
        i = end;
      }
    }
    this.out = out;
    this.frames.pop();
    return false;
  }

  private pause(frame: TextFrame, out: string, at: number, pad: number, due: boolean): true {
    this.out = out;
    frame.at = at;
    frame.pad = pad;
    frame.due = due;
    return true;
  }
}

/** Sent JSON text without its spacing; the text itself when it has none (the usual server's). */
function compactText(text: string): string {
  let out = '';
  let from = 0;
  const n = text.length;
  let i = 0;
  while (i < n) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      i = stringEnd(text, i);
    } else if (isJsonSpace(code)) {
      out += text.slice(from, i);
      while (isJsonSpace(text.charCodeAt(i))) i++;
      from = i;
    } else {
      i++;
    }
  }
  return from === 0 ? text : out + text.slice(from);
}

/** `\n` and `width` spaces, made once for each width: a body nested deep breaks a line at each level. */
const BREAKS: string[] = [];
function breakTo(width: number): string {
  return (BREAKS[width] ??= `\n${' '.repeat(width)}`);
}

/** The keys of the fields JSON.stringify prints of an object, in its order. */
function printableKeys(object: object): string[] {
  return Object.keys(object).filter((key) => printable((object as Record<string, unknown>)[key]));
}

/** What JSON.stringify keeps as an object's field (it leaves out undefined, functions and symbols). */
function printable(value: unknown): boolean {
  return value !== undefined && typeof value !== 'function' && typeof value !== 'symbol';
}
