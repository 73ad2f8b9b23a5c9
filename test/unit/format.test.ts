import { describe, expect, it } from 'vitest';
import { perTokenPrice, shiftDecimal, usd } from '../../src/commands/shared/format.js';
import { cellText, relativeTime } from '../../src/output/cells.js';
import { fitWidths } from '../../src/output/table.js';

describe('prices', () => {
  it('moves the decimal point exactly', () => {
    expect(shiftDecimal('0.0000025', 6)).toBe('2.5');
    expect(shiftDecimal('0.00001', 6)).toBe('10');
    expect(shiftDecimal('3', 6)).toBe('3000000');
    expect(shiftDecimal('0.000000123456789', 6)).toBe('0.123456789');
    expect(shiftDecimal('1e-6', 6)).toBeUndefined();
  });
  it('shows per token and per million tokens', () => {
    expect(perTokenPrice('0.0000025')).toBe('$0.0000025/token ($2.5/M tokens)');
    expect(perTokenPrice('weird')).toBe('weird');
    expect(usd(5000)).toBe('$5,000.00');
  });
});

describe('cells', () => {
  const now = Date.parse('2026-11-21T10:00:00Z');
  it('shows times relative on a terminal and ISO 8601 in a pipe', () => {
    expect(cellText({ time: '2026-11-21T07:00:00Z' }, { terminal: true, now })).toBe('3 hours ago');
    expect(cellText({ time: '2026-11-21T07:00:00Z' }, { terminal: false, now })).toBe('2026-11-21T07:00:00.000Z');
    expect(cellText({ time: 1704067200 }, { terminal: false, now })).toBe('2024-01-01T00:00:00.000Z');
    expect(relativeTime('2026-11-22T10:00:00Z', now)).toBe('in 1 day');
  });
  it('shows missing values and booleans for people and for scripts', () => {
    expect(cellText(null, { terminal: true, now })).toBe('-');
    expect(cellText(null, { terminal: false, now })).toBe('');
    expect(cellText(true, { terminal: true, now })).toBe('yes');
    expect(cellText(false, { terminal: false, now })).toBe('false');
  });
});

describe('fitWidths', () => {
  it('keeps natural widths when they fit', () => {
    expect(fitWidths(['A', 'BB'], [['xxx', 'y']], [], 80)).toEqual([5, 4]);
  });
  it('shrinks the widest flexible column to the terminal width', () => {
    const widths = fitWidths(['NAME', 'HOST'], [['n'.repeat(30), 'h'.repeat(60)]], [1], 50);
    expect(widths[0]).toBe(32);
    expect(widths.reduce((a, b) => a + b, 0) - 2).toBe(50);
  });
});
