// Columns declared once: --columns picks and orders them, --header names them, piped rows
// carry raw values, terminal tables keep their human formatting.
import { describe, expect, it } from 'vitest';
import { GwctlError } from '../../src/core/errors.js';
import { columnNames, headerLine, pickColumns, rawRow, rawText, type NamedColumn } from '../../src/output/columns.js';
import { choosePrinter, type Shaping } from '../../src/cli/output-choice.js';
import type { NamedColumn as Declared } from '../../src/output/columns.js';
import type { Io } from '../../src/core/io.js';
import { memoryIo } from './memory-io.js';

interface Budget {
  id: string;
  limit_usd: number;
  reset_interval: string | null;
  updated_at?: string;
  tags?: string[];
}

const usd = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
const budgetColumns: NamedColumn<Budget>[] = [
  { name: 'id', header: 'ID', value: (b) => b.id },
  { name: 'reset_interval', header: 'INTERVAL', raw: (b) => b.reset_interval, value: (b) => b.reset_interval ?? 'lifetime' },
  { name: 'limit_usd', header: 'LIMIT', raw: (b) => b.limit_usd, value: (b) => usd(b.limit_usd) },
  { name: 'updated_at', header: 'UPDATED AT', value: (b) => ({ time: b.updated_at }) },
  { name: 'tags', header: 'TAGS', value: (b) => (b.tags ?? []).join(', '), raw: (b) => b.tags, byDefault: false },
];
const tables = () => import('../../src/output/table.js');
const budgets: Budget[] = [
  { id: 'b1', limit_usd: 10000, reset_interval: 'monthly', updated_at: '2026-01-02T03:04:05.000Z', tags: ['a', 'b'] },
  { id: 'b2\tx', limit_usd: 0.5, reset_interval: null },
];
const NOW = Date.parse('2026-01-02T06:04:05.000Z');

function usage(run: () => unknown): GwctlError {
  try {
    run();
  } catch (error) {
    return error as GwctlError;
  }
  throw new Error('no error');
}

describe('pickColumns', () => {
  it('gives the default columns without --columns, and the chosen ones in order with it', () => {
    expect(columnNames(pickColumns(budgetColumns, undefined, 'budgets ls'))).toEqual(['id', 'reset_interval', 'limit_usd', 'updated_at']);
    expect(columnNames(pickColumns(budgetColumns, 'limit_usd, ID,tags', 'budgets ls'))).toEqual(['limit_usd', 'id', 'tags']);
  });

  it('refuses an unknown name with exit 2, listing the valid ones', () => {
    const error = usage(() => pickColumns(budgetColumns, 'id,foo', 'budgets ls'));
    expect(error.exitCode).toBe(2);
    expect(error.message).toBe('unknown column "foo" for budgets ls');
    expect(error.hint).toBe('valid columns: id, reset_interval, limit_usd, updated_at, tags');
  });

  it('refuses a name near a valid one with both the nearest name and the valid ones', () => {
    const error = usage(() => pickColumns(budgetColumns, 'id,limit_us', 'budgets ls'));
    expect(error.exitCode).toBe(2);
    expect(error.message).toBe('unknown column "limit_us" for budgets ls');
    expect(error.hint).toBe('did you mean limit_usd? Valid columns: id, reset_interval, limit_usd, updated_at, tags');
  });

  it('refuses an empty name', () => {
    expect(usage(() => pickColumns(budgetColumns, 'id,,tags', 'budgets ls')).message).toBe(
      'invalid --columns "id,,tags" for budgets ls: a column name is empty; valid columns: id, reset_interval, limit_usd, updated_at, tags',
    );
  });

  it('makes control characters in a refused name visible', () => {
    expect(usage(() => pickColumns(budgetColumns, 'x\u001b[2J\u202e', 'budgets ls')).message).toContain('"x\\u001b[2J\\u202e"');
  });
});

describe('raw values', () => {
  it('numbers as sent, true/false, ISO times, empty for null or missing, JSON for arrays', () => {
    expect(rawText(10000)).toBe('10000');
    expect(rawText(0.5)).toBe('0.5');
    expect(rawText(false)).toBe('false');
    expect(rawText(null)).toBe('');
    expect(rawText(undefined)).toBe('');
    expect(rawText({ time: 1767323045 })).toBe('2026-01-02T03:04:05.000Z');
    expect(rawText({ time: undefined })).toBe('');
    expect(rawText(['a', 'b'])).toBe('["a","b"]');
    expect(rawText({ rpm: 600 })).toBe('{"rpm":600}');
  });

  it('a row is tab-separated with tabs, newlines and every control made visible', () => {
    const picked = pickColumns(budgetColumns, 'id,limit_usd,reset_interval,tags', 'budgets ls');
    expect(rawRow(picked, budgets[0]!)).toBe('b1\t10000\tmonthly\t["a","b"]');
    expect(rawRow(picked, budgets[1]!)).toBe('b2\\tx\t0.5\t\t');
    const hostile = { id: 'a\u061cb\u200ec\u200fd\u202ae\u2066f\u2069g\u001bh\u0085', limit_usd: 1, reset_interval: null };
    expect(rawRow(picked, hostile)).toBe('a\\u061cb\\u200ec\\u200fd\\u202ae\\u2066f\\u2069g\\eh\\x85\t1\t\t');
  });

  it('the header line is the names as given, or the default names', () => {
    const picked = pickColumns(budgetColumns, undefined, 'budgets ls');
    expect(headerLine(undefined, picked)).toBe('id\treset_interval\tlimit_usd\tupdated_at');
    expect(headerLine('LIMIT_USD, id', pickColumns(budgetColumns, 'LIMIT_USD, id', 'budgets ls'))).toBe('LIMIT_USD\tid');
  });
});

describe('through the list printer', () => {
  const base = { json: false, command: 'budgets ls', jsonl: false, header: false } as const;
  const printerFor = (shaping: Shaping & { io: Io }) => choosePrinter(shaping, { io: shaping.io, now: () => NOW, tables });
  /** One page with its body, as a list of one page prints. */
  const printList = async <T>(shaping: Shaping & { io: Io }, body: unknown, items: readonly T[], columns: readonly Declared<T>[]) =>
    (await printerFor(shaping)).detail({ body, items, view: { kind: 'rows', items, columns } });
  it('piped: --header first, then raw rows', async () => {
    const io = memoryIo();
    await printList({ ...base, io, columns: 'id,limit_usd,reset_interval', header: true }, {}, budgets, budgetColumns);
    expect(io.stdout).toBe('id\tlimit_usd\treset_interval\nb1\t10000\tmonthly\nb2\\tx\t0.5\t\n');
  });

  it('piped: an empty list still prints its header line', async () => {
    const io = memoryIo();
    await printList({ ...base, io, header: true }, {}, [], budgetColumns);
    expect(io.stdout).toBe('id\treset_interval\tlimit_usd\tupdated_at\n');
  });

  it('terminal: human cells, headings, relative times', async () => {
    const io = memoryIo({ tty: true, columns: 100 });
    await printList({ ...base, io }, {}, budgets, budgetColumns);
    expect(io.stdout).toBe(
      'ID     INTERVAL  LIMIT       UPDATED AT\n' + 'b1     monthly   $10,000.00  3 hours ago\n' + 'b2\\tx  lifetime  $0.50       -\n',
    );
  });

  it('--jsonl: one compact item per line as pages arrive, no envelope', async () => {
    const io = memoryIo();
    const printer = (await printerFor({ ...base, io, jsonl: true })).list<Budget>({ columns: budgetColumns });
    await printer.page([budgets[0]!]);
    expect(io.stdout).toBe(`${JSON.stringify(budgets[0])}\n`);
    await printer.page([{ id: 'x\u202ey\u0085', limit_usd: 1, reset_interval: null }]);
    await printer.end({ has_more: false });
    expect(io.stdout).toBe(`${JSON.stringify(budgets[0])}\n{"id":"x\\u202ey\\u0085","limit_usd":1,"reset_interval":null}\n`);
  });

  it('--jq: the merged body of every page, filtered at the end', async () => {
    const { jqRunner } = await import('../../src/output/jq.js');
    const runner = jqRunner();
    const io = memoryIo();
    const printer = (
      await printerFor({
        ...base,
        io,
        jq: Promise.resolve({
          filter: await runner.compile('(.data[] | select(.limit_usd > 1) | .id), .total'),
          runner,
          load: () => import('../../src/output/jq.js'),
        }),
      })
    ).list<Budget>({ columns: [] });
    await printer.page([budgets[0]!]);
    await printer.page([budgets[1]!]);
    expect(io.stdout).toBe('');
    await printer.end({ total: 2 });
    expect(io.stdout).toBe('b1\n2\n');
  });
});
