// Terminal rendering in-process: colour on or off exactly as io.ts decides (NO_COLOR,
// FORCE_COLOR, --no-color, TERM=dumb), statuses readable without colour, widths counted in
// terminal columns (wide characters take two), and server text that cannot drive the terminal
// even where it lands in a label.
import { describe, expect, it } from 'vitest';
import { colorAllowed } from '../../src/core/io.js';
import { renderDetail, renderHeading, renderTable, fitWidths } from '../../src/output/table.js';
import { displayWidth, truncateToWidth } from '../../src/output/width.js';
import { status } from '../../src/commands/shared/format.js';

const ESC = '\u001b';
const NOW = Date.parse('2026-11-21T12:00:00Z');

describe('colorAllowed', () => {
  it.each([
    ['a terminal', true, {}, true, true],
    ['a pipe', false, {}, true, false],
    ['--no-color on a terminal', true, {}, false, false],
    ['NO_COLOR=1 on a terminal', true, { NO_COLOR: '1' }, true, false],
    ['NO_COLOR empty (not set, per no-color.org)', true, { NO_COLOR: '' }, true, true],
    ['NO_COLOR even with FORCE_COLOR', true, { NO_COLOR: '1', FORCE_COLOR: '1' }, true, false],
    ['TERM=dumb on a terminal', true, { TERM: 'dumb' }, true, false],
    ['FORCE_COLOR=1 in a pipe', false, { FORCE_COLOR: '1' }, true, true],
    ['FORCE_COLOR=1 on a dumb terminal', true, { FORCE_COLOR: '1', TERM: 'dumb' }, true, true],
    ['--no-color even with FORCE_COLOR', true, { FORCE_COLOR: '1' }, false, false],
  ] as const)('%s', (_name, tty, env, flag, expected) => {
    expect(colorAllowed(tty, env, flag)).toBe(expected);
  });
});

describe('tables', () => {
  const headers = ['ID', 'STATUS', 'AGE'];
  const rows = [
    ['i-1', status('running'), { time: '2026-11-21T11:58:00Z' }],
    ['i-2', status('destroy_failed'), { time: '2026-11-01T12:00:00Z' }],
  ] as const;

  it('colours statuses by meaning, and says the same in words without colour', () => {
    const plain = renderTable({ headers, rows, width: 80, color: false, now: NOW });
    expect(plain).toBe(['ID   STATUS          AGE', 'i-1  running         2 minutes ago', 'i-2  destroy_failed  20 days ago'].join('\n'));
    const coloured = renderTable({ headers, rows, width: 80, color: true, now: NOW });
    expect(coloured).toContain(`${ESC}[32mrunning${ESC}[39m`);
    expect(coloured).toContain(`${ESC}[31mdestroy_failed${ESC}[39m`);
    expect(coloured).toContain(`${ESC}[1mSTATUS${ESC}[22m`);
    // Strip the colour and the table is the plain one.
    expect(coloured.replace(/\u001b\[[0-9;]*m/g, '')).toBe(plain);
  });

  it('counts wide characters as two columns, so a Chinese name is neither cut short nor overflows', () => {
    expect(displayWidth('研究助手-0279')).toBe(13);
    expect(displayWidth('Zoë-researcher')).toBe(14);
    expect(displayWidth('e\u0301')).toBe(1);
    expect(fitWidths(['NAME'], [['研究助手-0279']], [0], 80)).toEqual([15]);
    const table = renderTable({ headers: ['NAME', 'STATUS'], rows: [['研究助手-0279', 'running']], width: 80, color: false, now: NOW });
    expect(table).toBe('NAME           STATUS\n研究助手-0279  running');
    expect(truncateToWidth('研究助手研究助手', 9)).toBe('研究助手…');
  });

  it('keeps every line of a detail view within the width, wide characters included', () => {
    const long = '研究'.repeat(60);
    const out = renderDetail(
      [
        ['description', long],
        ['name', 'x'],
      ],
      { width: 60, color: false, now: NOW },
    );
    const lines = out.split('\n');
    expect(lines.map(displayWidth).every((w) => w <= 60)).toBe(true);
    expect(lines[0]).toBe(`description  ${'研究'.repeat(11)}研…`);
    expect(lines[1]).toBe('name         x');
  });

  it('makes control characters visible in labels, headers and headings as well as values', () => {
    const evil = `x${ESC}]0;pwned\u0007${ESC}[2J`;
    const detail = renderDetail([[evil, evil]], { width: 200, color: false, now: NOW });
    expect(detail).not.toContain(ESC);
    expect(detail).toBe('x\\e]0;pwned\\x07\\e[2J  x\\e]0;pwned\\x07\\e[2J');
    expect(renderTable({ headers: [evil], rows: [['v']], width: 200, color: false, now: NOW })).not.toContain(ESC);
    expect(renderHeading(evil, false)).toBe('x\\e]0;pwned\\x07\\e[2J');
  });
});
