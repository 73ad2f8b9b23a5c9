// An item-by-item --jq filter (`.data[] | …`) over the pages of --all: the items go to jq in
// batches as they arrive. While pages are still coming, jq runs on a worker thread, so its work
// (about 1.5 s of CPU over 100,000 interns) overlaps the fetching and parsing of the next pages
// on this thread, as `| jq` overlaps them from a second process. Outputs print in batch order;
// the first batch that fails stops the list after the outputs of the batches before it, as one
// run over the whole body would.
import { Worker, isMainThread, parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { Io } from '../core/io.js';
import { GwctlError } from '../core/errors.js';
import type { ExitCodeValue } from '../core/exit-codes.js';
import { engineFailure, printJq, printLines, runJqText, type JqFilter } from './jq-engine.js';

/** Filters a list's items a batch at a time and prints the outputs in order. */
export interface JqBatches {
  /** Sends a batch on its way; waits only while too many are ahead of the printing. */
  add(items: readonly unknown[]): Promise<void>;
  /** Prints what is left. The first failure is thrown by `add` or here, after the outputs before it. */
  finish(): Promise<void>;
}

/**
 * `threaded`: run jq on a worker thread, worth its start (tens of milliseconds, on the other
 * core) only while more pages are on their way. The worker starts from this module's own file,
 * which only the JavaScript build has: under the test runner this module is TypeScript source
 * and inside the standalone executable (one CommonJS bundle) it has no file; both filter here.
 */
export function startJqBatches(io: Io, filter: JqFilter, { threaded }: { threaded: boolean }): JqBatches {
  const file = moduleFile();
  return threaded && file ? new WorkerBatches(io, filter, file) : new InlineBatches(io, filter);
}

/** The worker's answer for one batch: the lines to print, or the error to stop with. */
type Answer = { lines: string[] } | { error: { message: string; exitCode: ExitCodeValue } };

const WORKER_ROLE = 'gwctl --jq batches';
/**
 * Batches sent ahead of the printing: enough to keep both threads busy while a page is parsed
 * or printed, few enough that memory stays flat (a batch of 1,000 interns is about 0.5 MB of JSON).
 */
const AHEAD = 3;

function moduleFile(): URL | undefined {
  const url: string | undefined = import.meta.url;
  return url?.startsWith('file:') && url.endsWith('.js') ? new URL(url) : undefined;
}

class InlineBatches implements JqBatches {
  constructor(
    private readonly io: Io,
    private readonly filter: JqFilter,
  ) {}

  async add(items: readonly unknown[]): Promise<void> {
    await printJq(this.io, this.filter, { data: items });
  }

  async finish(): Promise<void> {}
}

class WorkerBatches implements JqBatches {
  private readonly worker: Worker;
  /** Answers not printed yet, in batch order. */
  private readonly answers: Promise<Answer>[] = [];
  /** Who is waiting for the worker's next answers, in the order the batches were sent. */
  private readonly waiting: ((answer: Answer) => void)[] = [];

  constructor(
    private readonly io: Io,
    filter: JqFilter,
    file: URL,
  ) {
    this.worker = new Worker(file, { workerData: { role: WORKER_ROLE, program: filter.program } });
    // It holds the process open only while an answer is awaited (Node would otherwise end a
    // process whose last pages are in and whose sockets are idle, mid-list); a list that fails
    // on a page ends without waiting for it (the entry exits when the run is over).
    this.worker.unref();
    this.worker.on('message', (answer: Answer) => {
      this.waiting.shift()?.(answer);
      if (this.waiting.length === 0) this.worker.unref();
    });
    // A batch still unanswered when the thread fails or ends gets the engine's failure as its
    // answer, so the list stops there with an error instead of printing less in silence.
    const lost = (error: unknown) => {
      const failure = engineFailure(error);
      for (const answer of this.waiting.splice(0)) answer({ error: { message: failure.message, exitCode: failure.exitCode } });
    };
    this.worker.on('error', lost);
    this.worker.on('exit', () => lost(new Error('its thread ended')));
  }

  async add(items: readonly unknown[]): Promise<void> {
    this.answers.push(new Promise<Answer>((resolve) => this.waiting.push(resolve)));
    this.worker.ref();
    this.worker.postMessage(batchText(items));
    while (this.answers.length > AHEAD) await this.printNext();
  }

  async finish(): Promise<void> {
    try {
      while (this.answers.length > 0) await this.printNext();
    } finally {
      await this.worker.terminate();
    }
  }

  private async printNext(): Promise<void> {
    const answer = await this.answers.shift();
    if (!answer) return;
    if ('error' in answer) {
      await this.worker.terminate();
      throw new GwctlError(answer.error.message, answer.error.exitCode);
    }
    await printLines(this.io, answer.lines);
  }
}

/** The body one batch stands for, as the worker reads it: what `printJq` would filter. */
function batchText(items: readonly unknown[]): string {
  return JSON.stringify({ data: items });
}

/** The worker thread: one batch at a time, in the order they came, each answered in turn. */
function serveBatches(port: MessagePort, program: string): void {
  let queue = Promise.resolve();
  port.on('message', (text: string) => {
    queue = queue.then(async () => port.postMessage(await answerFor(program, text)));
  });
}

async function answerFor(program: string, text: string): Promise<Answer> {
  try {
    return { lines: await runJqText(program, text) };
  } catch (error) {
    const failure = error instanceof GwctlError ? error : engineFailure(error);
    return { error: { message: failure.message, exitCode: failure.exitCode } };
  }
}

// Last, so that everything above is defined when the worker thread loads this module.
const role = (workerData as { role?: unknown; program?: unknown } | null)?.role;
if (!isMainThread && parentPort && role === WORKER_ROLE) serveBatches(parentPort, (workerData as { program: string }).program);
