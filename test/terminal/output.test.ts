// Terminal rendering in-process: colour on or off exactly as io.ts decides (NO_COLOR,
// FORCE_COLOR, --no-color, TERM=dumb), statuses readable without colour, widths counted in
// terminal columns (wide characters take two), and server text that cannot drive the terminal
// even where it lands in a label.
import { describe, expect, it } from 'vitest';
import { colorAllowed } from '../../src/core/io.js';
import { fitTable, renderDetail, renderHeading, renderSection, renderTable } from '../../src/output/table.js';
import { displayWidth, truncateToWidth, wrapToWidth } from '../../src/output/width.js';
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
    expect(fitTable(['NAME'], [['研究助手-0279']], undefined, 80).widths).toEqual([15]);
    const table = renderTable({ headers: ['NAME', 'STATUS'], rows: [['研究助手-0279', 'running']], width: 80, color: false, now: NOW });
    expect(table).toBe('NAME           STATUS\n研究助手-0279  running');
    expect(truncateToWidth('研究助手研究助手', 9)).toBe('研究助手…');
  });

  it('wraps a long value of a detail view under its label, wide characters included, and cuts nothing', () => {
    const long = '研究'.repeat(30);
    const out = renderDetail(
      [
        ['description', long],
        ['failure', 'Disk mount failed: volume is attached to another runtime'],
        ['name', 'x'],
      ],
      { width: 40, color: false, now: NOW },
    );
    const lines = out.split('\n');
    expect(lines.map(displayWidth).every((w) => w <= 40)).toBe(true);
    expect(lines).toEqual([
      `description  ${'研究'.repeat(6)}研`,
      `             究${'研究'.repeat(6)}`,
      `             ${'研究'.repeat(6)}研`,
      `             究${'研究'.repeat(6)}`,
      `             ${'研究'.repeat(4)}`,
      'failure      Disk mount failed: volume',
      '             is attached to another',
      '             runtime',
      'name         x',
    ]);
  });

  it('puts a label too long to sit beside its value on a line of its own', () => {
    const label = 'a_field_this_version_does_not_know_yet';
    expect(
      renderDetail(
        [
          [label, 'v'],
          ['id', 'i-1'],
        ],
        { width: 40, color: false, now: NOW },
      ),
    ).toBe(`${label}\n${' '.repeat(18)}v\nid${' '.repeat(16)}i-1`);
  });

  it('breaks a long word (a URL) after a separator where it can', () => {
    expect(wrapToWidth('https://contoso-sandbox.openai.azure.com/openai/deployments/x', 39)).toEqual([
      'https://contoso-sandbox.openai.azure.',
      'com/openai/deployments/x',
    ]);
    expect(wrapToWidth('a'.repeat(25), 10)).toEqual(['a'.repeat(10), 'a'.repeat(10), 'a'.repeat(5)]);
    expect(wrapToWidth('short', 10)).toEqual(['short']);
  });

  it('shows a section table whole when it fits, and each row as labelled fields when it does not', () => {
    const headers = ['ID', 'PRICING'];
    const rows = [
      ['exa', '$0.004 per request (auto, max 1/call); $0.012 per request (deep, max 1/call)'],
      ['firecrawl', '$0.001 per page'],
    ];
    const wide = renderSection({ headers, rows, width: 120, color: false, now: NOW });
    expect(wide.split('\n')[0]).toMatch(/^ID {9}PRICING$/);
    const narrow = renderSection({ headers, rows, width: 60, color: false, now: NOW });
    expect(narrow).toBe(
      [
        'ID       exa',
        'PRICING  $0.004 per request (auto, max 1/call); $0.012 per',
        '         request (deep, max 1/call)',
        '',
        'ID       firecrawl',
        'PRICING  $0.001 per page',
      ].join('\n'),
    );
  });

  it('leaves out the columns the layout hides, and keeps a given layout', () => {
    const layout = fitTable(['ID', 'NAME', 'HOST'], [['i-1', 'n', 'h'.repeat(40)]], [{ key: true }, {}, { priority: 1 }], 20);
    expect(layout.hidden).toEqual([2]);
    expect(
      renderTable({ headers: ['ID', 'NAME', 'HOST'], rows: [['i-1', 'n', 'h'.repeat(40)]], width: 20, color: false, now: NOW, layout }),
    ).toBe('ID   NAME\ni-1  n');
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
