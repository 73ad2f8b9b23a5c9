// The event slot of the printer, as --watch will use it: one JSON line per event under --json
// and --jsonl, the filter on each event under --jq, `type<TAB>` and the columns in a pipe.
import { describe, expect, it } from 'vitest';
import { choosePrinter, type Shaping } from '../../src/cli/output-choice.js';
import type { NamedColumn } from '../../src/output/columns.js';
import type { WatchEvent } from '../../src/output/printer.js';
import { memoryIo, type MemoryIo } from './memory-io.js';

interface Intern {
  id: string;
  status: string;
  created_at: string;
}

const columns: NamedColumn<Intern>[] = [
  { name: 'id', header: 'ID', value: (i) => i.id },
  { name: 'status', header: 'STATUS', value: (i) => i.status },
  { name: 'created_at', header: 'AGE', value: (i) => ({ time: i.created_at }) },
];
const events: WatchEvent<Intern>[] = [
  { type: 'added', at: '2026-11-24T10:00:00.000Z', object: { id: 'a', status: 'provisioning', created_at: '2026-11-24T09:00:00.000Z' } },
  { type: 'modified', at: '2026-11-24T10:00:02.000Z', object: { id: 'a', status: 'running', created_at: '2026-11-24T09:00:00.000Z' } },
];
const base: Shaping = { json: false, jsonl: false, header: false, command: 'interns ls' };

async function print(shaping: Partial<Shaping>, io: MemoryIo = memoryIo()): Promise<string> {
  const printer = await choosePrinter({ ...base, ...shaping }, { io, now: () => 0, tables: () => import('../../src/output/table.js') });
  const out = printer.events({ columns });
  for (const event of events) await out.event(event);
  return io.stdout;
}

describe('watch events through the printer', () => {
  it('--jsonl and --json: one compact line per event', async () => {
    const lines = events.map((e) => JSON.stringify(e)).join('\n') + '\n';
    expect(await print({ jsonl: true })).toBe(lines);
    expect(await print({ json: true })).toBe(lines);
  });

  it('--jq: the filter runs on each event', async () => {
    const { jqRunner } = await import('../../src/output/jq.js');
    const runner = jqRunner();
    const jq = Promise.resolve({
      filter: await runner.compile('"\\(.type) \\(.object.status)"'),
      runner,
      load: () => import('../../src/output/jq.js'),
    });
    expect(await print({ jq })).toBe('added provisioning\nmodified running\n');
  });

  it('piped: type, then the columns (--columns and --header apply)', async () => {
    expect(await print({})).toBe('added\ta\tprovisioning\t2026-11-24T09:00:00.000Z\nmodified\ta\trunning\t2026-11-24T09:00:00.000Z\n');
    expect(await print({ columns: 'status,id', header: true })).toBe('type\tstatus\tid\nadded\tprovisioning\ta\nmodified\trunning\ta\n');
  });
});
