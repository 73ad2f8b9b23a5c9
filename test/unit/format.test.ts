import { describe, expect, it } from 'vitest';
import { perTokenPrice, shiftDecimal, usd } from '../../src/commands/shared/format.js';
import { cellText, relativeTime } from '../../src/output/cells.js';
import { fitTable } from '../../src/output/table.js';

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

describe('fitTable', () => {
  const text = (n: number) => 'x'.repeat(n);
  const total = (widths: readonly number[]) => widths.reduce((a, b) => a + b, 0) - 2;

  it('keeps natural widths when they fit', () => {
    expect(fitTable(['A', 'BB'], [['xxx', 'y']], undefined, 80)).toEqual({ keep: [0, 1], widths: [5, 4], hidden: [] });
  });

  it('leaves out columns with a priority, the lowest first, before cutting a flexible one below comfort', () => {
    const headers = ['ID', 'NAME', 'A', 'B', 'C'];
    const rows = [[text(36), text(20), text(10), text(10), text(10)]];
    const fit = [{ key: true }, { flexible: true }, { priority: 2 }, { priority: 1 }, { priority: 2 }];
    // 36+20+3*10 and gaps = 94: B (priority 1) goes first, then C (priority 2, rightmost).
    expect(fitTable(headers, rows, fit, 84)).toEqual({ keep: [0, 1, 2, 4], widths: [38, 22, 12, 12], hidden: [3] });
    expect(fitTable(headers, rows, fit, 72).hidden).toEqual([3, 4]);
    // NAME may give way to 60% of its width (12) before A must go.
    expect(fitTable(headers, rows, fit, 62)).toEqual({ keep: [0, 1, 2], widths: [38, 14, 12], hidden: [3, 4] });
    expect(fitTable(headers, rows, fit, 60)).toEqual({ keep: [0, 1], widths: [38, 22], hidden: [2, 3, 4] });
  });

  it('cuts flexible columns, then any but the key, and leaves out the rightmost only as a last resort', () => {
    const headers = ['ID', 'NAME', 'STATUS'];
    const rows = [[text(36), text(20), text(14)]];
    const fit = [{ key: true }, { flexible: true }, {}];
    const at60 = fitTable(headers, rows, fit, 60);
    // NAME down to 8, then STATUS (not flexible) loses 2: the id stays whole.
    expect(at60).toEqual({ keep: [0, 1, 2], widths: [38, 10, 14], hidden: [] });
    expect(total(at60.widths)).toBe(60);
    // Too narrow for three columns even at 4 each: STATUS goes, then NAME; never the key.
    expect(fitTable(headers, rows, fit, 46)).toEqual({ keep: [0, 1], widths: [38, 10], hidden: [2] });
    expect(fitTable(headers, rows, fit, 30)).toEqual({ keep: [0], widths: [38], hidden: [1, 2] });
  });

  it('the key is the last to give way: whole columns (a name, a status) are cut before it is left out', () => {
    const headers = ['ID', 'NAME', 'STATUS', 'AGE'];
    const rows = [[text(36), text(18), 'provisioning', '3 hours ago']];
    const fit = [{ key: true }, { flexible: true, whole: true }, { whole: true }, { priority: 1 }];
    // 60 columns: AGE goes, then NAME and STATUS share what the id leaves, the wider cut first.
    expect(fitTable(headers, rows, fit, 60)).toEqual({ keep: [0, 1, 2], widths: [38, 12, 12], hidden: [3] });
    // Narrower still, they are cut further, then columns go from the right: never the id.
    expect(fitTable(headers, rows, fit, 50).keep).toEqual([0, 1, 2]);
    expect(fitTable(headers, rows, fit, 44)).toEqual({ keep: [0, 1], widths: [38, 8], hidden: [2, 3] });
    expect(fitTable(headers, rows, fit, 20)).toEqual({ keep: [0], widths: [38], hidden: [1, 2, 3] });
  });

  it('a column with nothing in it takes no room from the others, and is not named as hidden', () => {
    const headers = ['ID', 'NAME', 'EXPECTED', 'REASON'];
    const rows = [
      [text(36), text(22), 'would-act', '-'],
      [text(36), text(20), 'would-act', '-'],
    ];
    const fit = [{ key: true }, { flexible: true }, { whole: true }, { flexible: true, spill: true }];
    // 36+22+9+6 and gaps = 79: the empty REASON goes before NAME loses a character.
    expect(fitTable(headers, rows, fit, 78)).toEqual({ keep: [0, 1, 2], widths: [38, 24, 11], hidden: [] });
    // Where everything fits, it stays.
    expect(fitTable(headers, rows, fit, 80).keep).toEqual([0, 1, 2, 3]);
    // A reason in one row: the column stays and NAME gives way.
    const failing = [rows[0]!, [text(36), text(20), 'would-fail', 'not found']];
    expect(fitTable(headers, failing, fit, 78).keep).toEqual([0, 1, 2, 3]);
  });

  it('without facts, keeps the first column whole and cuts the others', () => {
    const layout = fitTable(['NAME', 'HOST'], [[text(30), text(60)]], undefined, 50);
    expect(layout.widths[0]).toBe(32);
    expect(total(layout.widths)).toBe(50);
  });
});
