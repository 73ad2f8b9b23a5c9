import { describe, expect, it } from 'vitest';
import { safeJson, sanitizeBlock, sanitizeField } from '../../src/core/sanitize.js';

describe('sanitizeField', () => {
  it('makes every control character visible', () => {
    expect(sanitizeField('a\u001b[31mb\u0007c')).toBe('a\\e[31mb\\x07c');
    expect(sanitizeField('tab\there\nnew\rline')).toBe('tab\\there\\nnew\\rline');
    expect(sanitizeField('\u009b2J\u007f')).toBe('\\x9b2J\\x7f');
    expect(sanitizeField('rtl\u202eevil')).toBe('rtl\\u202eevil');
  });
  it('leaves ordinary text, including non-ASCII, alone', () => {
    expect(sanitizeField('Zoë — 研究 👍')).toBe('Zoë — 研究 👍');
  });
});

describe('sanitizeBlock', () => {
  it('keeps newlines and tabs of a multi-line text', () => {
    expect(sanitizeBlock('line 1\n\tline 2\u001b]0;title\u0007')).toBe('line 1\n\tline 2\\e]0;title\\x07');
  });
});

describe('safeJson', () => {
  it('escapes C1 and bidi characters and keeps the value', () => {
    const value = { name: 'x\u009by\u202e', esc: '\u001b' };
    const text = safeJson(value);
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('every bidirectional control, the same way everywhere', () => {
  const BIDI = ['\u061c', '\u200e', '\u200f', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
  it.each(BIDI.map((ch) => [`U+${ch.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`, ch]))(
    '%s is escaped in fields, blocks and JSON',
    (_name, ch) => {
      const code = `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
      expect(sanitizeField(`a${ch}b`)).toBe(`a${code}b`);
      expect(sanitizeBlock(`a${ch}b\n`)).toBe(`a${code}b\n`);
      expect(safeJson(`a${ch}b`)).toBe(`"a${code}b"`);
      expect(JSON.parse(safeJson(`a${ch}b`))).toBe(`a${ch}b`);
    },
  );
});
