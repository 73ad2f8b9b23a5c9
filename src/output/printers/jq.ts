// --jq: the filter runs on the body (strings print raw), on jq's own thread (../jq-thread.ts),
// its outputs printed as they come. A list read page by page (--all) is kept and filtered whole
// at the end, as jq needs all of it, unless the filter takes the items one by one
// (`.data[] | …`): that one runs on batches of items as they arrive (../jq-batches.ts). Each
// watch event is filtered alone.
import { responseError } from '../../core/errors.js';
import { sanitizeBlock } from '../../core/sanitize.js';
import type { Io } from '../../core/io.js';
import { watchNulls } from '../jq-nulls.js';
import { jsonText } from '../json-text.js';
import type { JqBatches, JqFilter, JqRunner } from '../jq.js';
import type { Detail, EventOutput, Jq, ListOutput, Printer, PrinterContext } from '../printer.js';

export interface JqChoice {
  /** Compiled before anything was sent. */
  filter: JqFilter;
  /** The runner of this process, which compiled it. */
  runner: JqRunner;
  /** The --jq module, through the lazy seam. */
  load: () => Promise<Jq>;
}

export class JqPrinter implements Printer {
  /**
   * `jq`: the filter on its way. The printer is built while jq's thread starts and compiles it;
   * the run waits for it before the command starts (run.ts), so here it is always ready.
   */
  constructor(
    private readonly ctx: PrinterContext,
    private readonly jq: Promise<JqChoice>,
  ) {
    // A filter that does not compile is reported by the run, not as an unhandled rejection here.
    jq.catch(() => {});
  }

  async detail<T>(detail: Detail<T>): Promise<void> {
    if (!('body' in detail)) throw responseError('--jq needs a JSON answer; this one is not JSON');
    const { runner, filter } = await this.jq;
    await noteNulls(this.ctx, (io) => runner.run(filter, { text: detail.bodyText ?? jsonText(detail.body), value: detail.body }, io));
  }

  list<T>(): ListOutput<T> {
    return new JqList<T>(this.ctx, this.jq);
  }

  events<T>(): EventOutput<T> {
    return {
      event: async (event) => {
        const { runner, filter } = await this.jq;
        await runner.run(filter, { text: jsonText(event), value: event }, terminalSafe(this.ctx.io));
      },
    };
  }
}

class JqList<T> implements ListOutput<T> {
  printed = 0;
  private readonly kept: T[] = [];
  private batches: JqBatches | undefined;
  /** Says so when the item-by-item filter gave only null (at a terminal). */
  private nulls: (() => void) | undefined;

  constructor(
    private readonly ctx: PrinterContext,
    private readonly ready: Promise<JqChoice>,
  ) {}

  async page(items: readonly T[]): Promise<void> {
    for (const item of items) this.kept.push(item);
    this.printed += items.length;
    // An item-by-item filter runs on a batch as soon as it is big enough: memory stays flat
    // and the engine works (on a thread of its own) while the next pages are on their way.
    if ((await this.ready).filter.itemwise && this.kept.length >= JQ_BATCH_ITEMS) await this.filterKept();
  }

  async end(rest: Record<string, unknown>): Promise<void> {
    const jq = await this.ready;
    if (jq.filter.itemwise) {
      await this.filterKept();
      await this.batches?.finish();
      this.nulls?.();
      return;
    }
    const { data: _ignored, ...others } = rest;
    const body = { data: this.kept, ...others };
    await noteNulls(this.ctx, (io) => jq.runner.run(jq.filter, { text: jsonText(body), value: body }, io));
  }

  /** Hands the items kept so far to an item-by-item filter and lets them go. */
  private async filterKept(): Promise<void> {
    if (this.kept.length === 0) return;
    const batch = this.kept.splice(0);
    const jq = await this.ready;
    if (!this.batches) {
      const { startJqBatches } = await jq.load();
      const { io, note } = nullWatch(this.ctx);
      this.nulls = note;
      this.batches = startJqBatches(jq.runner, jq.filter, io);
    }
    await this.batches.add(batch);
  }
}

/**
 * At a terminal, the Io a filter prints through, and what says so on stderr when its every output
 * was null (../jq-nulls.ts); in a pipe, the Io itself and nothing to say.
 */
function nullWatch(ctx: PrinterContext): { io: Io; note: () => void } {
  if (!ctx.io.stdoutIsTTY) return { io: ctx.io, note: () => {} };
  const watch = watchNulls(terminalSafe(ctx.io), ctx.command, ctx.shape);
  return {
    io: watch.io,
    note: () => {
      const note = watch.note();
      if (note !== undefined) ctx.io.err(`${note}\n`);
    },
  };
}

/**
 * The Io a filter prints through: in a pipe, its raw strings as `jq -r` prints them (what drives a
 * terminal already escaped, core/sanitize.ts); at a terminal, every control character made visible.
 */
function terminalSafe(io: Io): Io {
  if (!io.stdoutIsTTY) return io;
  const safe: Io = Object.create(io) as Io;
  safe.out = (text: string) => io.out(sanitizeBlock(text));
  return safe;
}

/** Runs a filter through `nullWatch`, then says what it saw. */
async function noteNulls(ctx: PrinterContext, run: (io: Io) => Promise<void>): Promise<void> {
  const { io, note } = nullWatch(ctx);
  await run(io);
  note();
}

/**
 * Items an item-by-item --jq filter is run on at once: each run of the engine costs a few
 * milliseconds of set-up (jq compiles its builtins), so not one page at a time. Measured over
 * 100,000 interns, 1,000 to 10,000 take about the same time; 1,000 holds the least memory.
 */
const JQ_BATCH_ITEMS = 1000;
