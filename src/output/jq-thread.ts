// Where jq itself runs (./jq-runner.ts): on a worker thread of its own, so a filter that never ends
// cannot hold off Ctrl-C, SIGTERM or a closed stdout, and outputs stream with back-pressure. The
// thread imports this module's file in the npm build (`threadScript`), and runs a second bundle's
// source text in the executable (./jq-thread-source.ts); under the test runner the engine runs on
// this thread.
import { Worker, isMainThread, parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { GwctlError } from '../core/errors.js';
import type { ExitCodeValue } from '../core/exit-codes.js';
import type { Io } from '../core/io.js';
import { bundledThreadSource } from './jq-thread-source.js';
import type { JqFilter } from './jq-filter.js';
import { parseSubset } from './jq-subset/parse.js';
import { subsetLines } from './jq-subset/run.js';

/** Runs filters, one job after another, printing each job's outputs in the order they were sent. */
export interface JqRunner {
  /** Checks a filter without running it (a usage error, exit 2, when it does not compile). */
  compile(expr: string): Promise<JqFilter>;
  /**
   * Filters the input and prints its outputs as they come. Jobs may be sent before the ones
   * ahead of them end; each resolves when its outputs are printed, or rejects with its failure
   * after the outputs jq printed before it.
   */
  run(filter: JqFilter, input: JqInput, io: Io): Promise<void>;
}

/**
 * What a filter reads: the JSON text (the body as the API sent it), which jq reads, and, when
 * the caller has it already, JavaScript's reading of it, which the subset may use instead of
 * reading the text again.
 */
export interface JqInput {
  readonly text: string;
  readonly value?: unknown;
}

type Failure = { message: string; exitCode: ExitCodeValue };
/** A job: compile a filter, or run one (the subset first, when the filter is in it). */
type Request = { job: number; compile: string } | { job: number; expr: string; json: Uint8Array; subset: boolean };
type Reply =
  { job: number; lines: string } | { job: number; compiled: JqFilter } | { job: number; done: true } | { job: number; failure: Failure };

const WORKER_ROLE = 'gwctl --jq';
/**
 * Characters of output the thread may get ahead of stdout before jq waits: enough to keep
 * stdout busy, and what a slow reader of an endless filter costs in memory at most.
 */
const AHEAD_CHARS = 4 * 1024 * 1024;
/**
 * The subset's time on this thread, where signals do not wait for it: a sort of a 30 MB body
 * takes it seconds, and jq would need more memory than it may have for the same sort.
 */
const THREAD_SUBSET_TIME_LIMIT_MS = 20_000;
/**
 * The thread's stack: jq printing an array nested 10,000 deep (its limit) needs about 4 MB of it
 * (Node's default for a Worker) on V8's baseline tier; 16 MB leaves room for jq's deepest paths.
 */
const THREAD_STACK_MB = 16;
/** Output is handed over in pieces of about this size, or sooner when it comes slowly. */
const PIECE_CHARS = 64 * 1024;
const PIECE_MS = 20;

/** jq's own runner for one run: the engine on a thread of its own (see ./jq-runner.ts for when). */
export function engineRunner(): JqRunner {
  const start = threadStart();
  return start ? new ThreadRunner(start) : new InlineRunner();
}

/** This module's own file, or else the thread's source text (the standalone executable). */
function threadStart(): URL | string | undefined {
  const url: string | undefined = import.meta.url;
  return url?.startsWith('file:') && url.endsWith('.js') ? new URL(url) : bundledThreadSource();
}

/**
 * The thread's first lines, for a thread started from this module's file: Node's compile cache
 * turned on in the thread too, as bin/gwctl.js turns it on for the process (this module's chunks
 * and the engine's then load as the process's do, about 20 ms sooner), then this module.
 */
function threadScript(url: URL): string {
  return `require('node:module').enableCompileCache?.(); import(${JSON.stringify(url.href)});`;
}

/** The engine's module: loaded by the thread, or here when there is no thread. */
function loadEngine(): Promise<typeof import('./jq-engine.js')> {
  // The thread's own entry into the engine, like src/main.ts's one import of the CLI: the
  // lazy seam (src/cli/lazy.ts) is a main-thread module this layer may not import.
  // eslint-disable-next-line no-restricted-syntax
  return import('./jq-engine.js');
}

function failureOf(error: unknown): Failure {
  if (error instanceof GwctlError) return { message: error.message, exitCode: error.exitCode };
  return { message: `the jq engine failed: ${error instanceof Error ? error.message : String(error)}`, exitCode: 1 };
}

class InlineRunner implements JqRunner {
  /** Jobs one after another, each printed before the next starts. */
  private queue: Promise<unknown> = Promise.resolve();
  /** The first failure: every job after it fails with it, unprinted. */
  private failure: unknown;

  async compile(expr: string): Promise<JqFilter> {
    return (await loadEngine()).compileJq(expr);
  }

  run(filter: JqFilter, { text }: JqInput, io: Io): Promise<void> {
    const job = this.queue.then(async () => {
      if (this.failure) throw this.failure;
      // The subset first, as on the thread.
      const lines = filter.subset && subsetLines(filter.subset, text);
      if (lines) return io.out(lines.map((line) => `${line}\n`).join(''));
      const { streamJq } = await loadEngine();
      let printed = '';
      try {
        await streamJq(filter.expr, text, (outputs) => (printed += `${outputs.join('\n')}\n`));
      } catch (error) {
        this.failure = error;
        throw error;
      } finally {
        await io.out(printed);
      }
    });
    this.queue = job.catch(() => {});
    return job;
  }
}

class ThreadRunner implements JqRunner {
  private readonly worker: Worker;
  /** Characters handed over and not yet written to stdout (shared with the thread). */
  private readonly ahead = new Int32Array(new SharedArrayBuffer(4));
  private readonly jobs = new Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void; io?: Io }>();
  private nextJob = 0;
  /** Writes to stdout, in order: a job ends after its last write. */
  private writing: Promise<void> = Promise.resolve();
  /** A job failed: the outputs of the jobs after it are not printed (they fail too). */
  private failed: Failure | undefined;

  /** `start`: a module file, or a script's source text. */
  constructor(start: URL | string) {
    // jq's own heap has its limit (`memoryLimit` in ./jq-engine.ts); the old generation's bounds
    // the thread's JavaScript (the input's text, the outputs on their way). Each level of jq's C
    // recursion is also a WebAssembly frame on the thread's own stack: THREAD_STACK_MB lets jq
    // reach its own limits of nesting (10,000 levels), as its stack in memory does.
    this.worker = new Worker(typeof start === 'string' ? start : threadScript(start), {
      eval: true,
      workerData: { role: WORKER_ROLE, ahead: this.ahead },
      resourceLimits: { maxOldGenerationSizeMb: 512, stackSizeMb: THREAD_STACK_MB },
    });
    // It holds the process open only while a job is awaited; the process's exit ends it,
    // whatever it is running.
    this.worker.unref();
    this.worker.on('message', (reply: Reply) => this.receive(reply));
    // A job still unanswered when the thread fails or ends gets the failure as its answer, so
    // the run stops with an error instead of printing less in silence.
    const lost = (error: unknown): void =>
      this.lose(error instanceof Error && /out of memory/i.test(error.message) ? memoryFailure() : failureOf(error));
    this.worker.on('error', lost);
    this.worker.on('exit', () => lost(new Error('its thread ended')));
  }

  compile(expr: string): Promise<JqFilter> {
    return this.send((job) => ({ job, compile: expr })) as Promise<JqFilter>;
  }

  async run(filter: JqFilter, { text }: JqInput, io: Io): Promise<void> {
    // As UTF-8 bytes, which jq reads, moved to the thread rather than copied: a copy of a large
    // body's text would take this thread's time.
    const json = new TextEncoder().encode(text);
    await this.send((job) => ({ job, expr: filter.expr, json, subset: filter.subset !== undefined }), io, [json.buffer]);
  }

  private send(request: (job: number) => Request, io?: Io, transfer: ArrayBuffer[] = []): Promise<unknown> {
    const job = this.nextJob++;
    const answer = new Promise((resolve, reject) => this.jobs.set(job, { resolve, reject, io }));
    this.worker.ref();
    this.worker.postMessage(request(job), transfer);
    return answer;
  }

  private lose(failure: Failure): void {
    for (const job of this.jobs.values()) job.reject(new GwctlError(failure.message, failure.exitCode));
    this.jobs.clear();
  }

  private receive(reply: Reply): void {
    if ('lines' in reply) {
      const { lines } = reply;
      if (this.failed) {
        Atomics.sub(this.ahead, 0, lines.length);
        Atomics.notify(this.ahead, 0);
        return;
      }
      const io = this.jobs.get(reply.job)?.io;
      this.writing = this.writing.then(async () => {
        await io?.out(lines);
        Atomics.sub(this.ahead, 0, lines.length);
        Atomics.notify(this.ahead, 0);
      });
      return;
    }
    if (reply.job === -1 && 'failure' in reply) {
      this.lose(reply.failure);
      return;
    }
    const job = this.jobs.get(reply.job);
    if (!job) return;
    this.jobs.delete(reply.job);
    if (this.jobs.size === 0) this.worker.unref();
    if ('failure' in reply) this.failed ??= reply.failure;
    const failure = this.failed;
    // After the outputs before it are written (writing never fails: a closed stdout ends the run).
    // eslint-disable-next-line @typescript-eslint/no-floating-promises
    this.writing.then(() => {
      if (failure) job.reject(new GwctlError(failure.message, failure.exitCode));
      else job.resolve('compiled' in reply ? reply.compiled : undefined);
    });
  }
}

function memoryFailure(): Failure {
  return { message: '--jq: the filter needed more memory than it may use and was stopped', exitCode: 1 };
}

/** The thread: jobs in the order they came, outputs handed over in pieces as jq makes them. */
async function serve(port: MessagePort, ahead: Int32Array): Promise<void> {
  // jq's module reports an abort (the memory limit) on console.error; the failure is reported instead.
  console.error = () => {};
  const engine = await loadEngine();
  // The thread's compiled code kept for the next run now: the process's exit ends this thread
  // without writing it.
  (process.getBuiltinModule('node:module') as { flushCompileCache?: () => void }).flushCompileCache?.();
  let queue = Promise.resolve();
  // After a failure jq's instance is not used again: a WebAssembly trap (or the memory limit's
  // abort) can leave it in a state that poisons later runs, and the outputs of the jobs after a
  // failure are never printed anyway. They get the same failure.
  let broken: Failure | undefined;
  port.on('message', (request: Request) => {
    queue = queue.then(async () => {
      port.postMessage(await answer(request));
    });
  });

  async function answer(request: Request): Promise<Reply> {
    if (broken) return { job: request.job, failure: broken };
    try {
      if ('compile' in request) return { job: request.job, compiled: await engine.compileJq(request.compile) };
      let piece = '';
      let handedAt = -Infinity;
      const handOver = (): void => {
        if (piece === '') return;
        handedAt = performance.now();
        port.postMessage({ job: request.job, lines: piece });
        // Wait while stdout is far behind: jq stops with it.
        const waiting = Atomics.add(ahead, 0, piece.length) + piece.length;
        piece = '';
        for (let now = waiting; now > AHEAD_CHARS; now = Atomics.load(ahead, 0)) Atomics.wait(ahead, 0, now, 1000);
      };
      try {
        const tree = request.subset ? parseSubset(request.expr) : undefined;
        const lines = tree && subsetLines(tree, new TextDecoder().decode(request.json), undefined, THREAD_SUBSET_TIME_LIMIT_MS);
        if (lines) {
          if (lines.length > 0) piece = `${lines.join('\n')}\n`;
          return { job: request.job, done: true };
        }
        // The first output after a quiet spell goes at once; a burst goes in pieces.
        await engine.streamJq(request.expr, request.json, (outputs) => {
          piece += `${outputs.join('\n')}\n`;
          if (piece.length >= PIECE_CHARS || performance.now() - handedAt >= PIECE_MS) handOver();
        });
      } finally {
        handOver();
      }
      return { job: request.job, done: true };
    } catch (error) {
      broken = failureOf(error);
      return { job: request.job, failure: broken };
    }
  }
}

// Last, so that everything above is defined when the thread loads this module.
const data = workerData as { role?: unknown; ahead?: Int32Array } | null;
if (!isMainThread && parentPort && data?.role === WORKER_ROLE && data.ahead) {
  const port = parentPort;
  serve(port, data.ahead).catch((error: unknown) => port.postMessage({ job: -1, failure: failureOf(error) }));
}
