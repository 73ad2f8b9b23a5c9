// Reading input that gwctl holds whole (a request body, a key or a list of ids from stdin, the
// config file, a CA file) with a bound. The contract's "Bounds" cap a body at 8 MiB, refused
// after reading at most that and one byte more, so that `--file /dev/zero` or a runaway pipe
// cannot fill memory before the refusal. A response is bounded in its nesting.
import { responseError } from './errors.js';

/** The largest request body gwctl reads from --file, --input or stdin. */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

/** The input held more than the bound: the reading stopped there. */
export class InputTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`more than ${maxBytes} bytes`);
  }
}

/** A stream to its end as one buffer; past `maxBytes` (by at most a chunk) it is destroyed and `InputTooLarge` thrown. */
export async function readAtMost(stream: NodeJS.ReadableStream, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += bytes.length;
    // Leaving the loop destroys the stream: nothing more is read.
    if (size > maxBytes) throw new InputTooLarge(maxBytes);
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

/** A file's bytes read through the event loop, so signals act while a slow FIFO is read; past `maxBytes`, `InputTooLarge`. */
export async function readFileAtMost(path: string, maxBytes: number): Promise<Buffer> {
  // Loaded here: core/io.ts imports this module on every command's path.
  const fs = process.getBuiltinModule('node:fs');
  const stat = await fs.promises.stat(path);
  if (stat.isFIFO()) {
    // Opened without waiting for a writer, and read as a socket: read the usual way, a FIFO
    // would block a thread of libuv's pool, which the process's exit waits for.
    const fd = fs.openSync(path, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    const { Socket } = process.getBuiltinModule('node:net');
    return readAtMost(new Socket({ fd, readable: true, writable: false }), maxBytes);
  }
  return readAtMost(fs.createReadStream(path, { end: maxBytes }), maxBytes);
}

/** The largest key read from stdin (`auth login --with-token`): far beyond any real key. */
export const MAX_KEY_BYTES = 64 * 1024;

/** The largest list of ids read from stdin (`interns suspend -`): about 200,000 ids. */
export const MAX_ID_LIST_BYTES = 8 * 1024 * 1024;

/** The file is not a regular file (a FIFO, a device, a folder): nothing was read from it. */
export class NotAFile extends Error {
  constructor(readonly kind: string) {
    super(`not a regular file (${kind})`);
  }
}

/**
 * A regular file's bytes at once (the config file): opened without waiting (a FIFO's open would block
 * Ctrl-C), refused unless a regular file (`NotAFile`) or past `maxBytes` (`InputTooLarge`).
 */
export function readFileAtMostSync(path: string, maxBytes: number): Buffer {
  // Loaded here: core/io.ts imports this module on every command's path.
  const fs = process.getBuiltinModule('node:fs');
  const fd = fs.openSync(path, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) throw new NotAFile(fileKind(stat));
    if (stat.size > maxBytes) throw new InputTooLarge(maxBytes);
    const buffer = Buffer.alloc(Math.min(maxBytes + 1, stat.size + 1));
    let size = 0;
    while (size < buffer.length) {
      const n = fs.readSync(fd, buffer, size, buffer.length - size, null);
      if (n === 0) break;
      size += n;
    }
    // A file that grew while it was read.
    if (size > maxBytes) throw new InputTooLarge(maxBytes);
    return buffer.subarray(0, size);
  } finally {
    fs.closeSync(fd);
  }
}

function fileKind(stat: import('node:fs').Stats): string {
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isDirectory()) return 'a folder';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  if (stat.isSocket()) return 'a socket';
  return 'something else';
}

/** The deepest nesting of arrays and objects a response may have. */
const MAX_DEPTH = 512;

/**
 * Refuses a response nested more than MAX_DEPTH deep, as exit 1 naming it (`name`: its route,
 * `list interns`, or `GET /api/v1/x` for `gwctl api`). Checking and diffing walk a body
 * recursively: one nested past any real API's depth would end them with a stack overflow
 * instead of an answer.
 */
export function refuseDeepNesting(value: unknown, name: string, status: number): void {
  if (nestedDeeperThan(value, MAX_DEPTH)) {
    throw responseError(`the response to ${name} is nested more than ${MAX_DEPTH} levels deep; gwctl cannot use it`, status);
  }
}

/**
 * Whether `value` nests arrays or objects more than `limit` deep; its own stack, as the body may
 * be deeper than the call stack, and no pair allocated for each node (a 3.3 MB body of 1.4
 * million arrays peaked 90 MB higher with one, Node 24).
 */
function nestedDeeperThan(value: unknown, limit: number): boolean {
  const nodes = [value];
  const depths = [0];
  while (nodes.length > 0) {
    const node = nodes.pop();
    const depth = depths.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= limit) return true;
    for (const child of Array.isArray(node) ? (node as unknown[]) : Object.values(node)) {
      if (typeof child !== 'object' || child === null) continue;
      nodes.push(child);
      depths.push(depth + 1);
    }
  }
  return false;
}
