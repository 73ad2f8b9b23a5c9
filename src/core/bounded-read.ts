// Reading input that gwctl holds whole (a request body from a file or stdin) with a bound: the
// contract's "Bounds" cap a body at 8 MiB, refused after reading at most that and one byte more,
// so that `--file /dev/zero` or a runaway pipe cannot fill memory before the refusal.

/** The largest request body gwctl reads from --file, --input or stdin. */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

/** The input held more than the bound: the reading stopped there. */
export class InputTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`more than ${maxBytes} bytes`);
  }
}

/**
 * A stream to its end, as one buffer; past `maxBytes` the stream is destroyed and `InputTooLarge`
 * thrown. A stream reads a chunk at a time: a pipe's chunk is at most 64 KiB, so at most that
 * much more than the bound is read from one (give a file stream `end: maxBytes` to read exactly
 * one byte more).
 */
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

/**
 * A file's bytes, read through the event loop so that Ctrl-C and SIGTERM end gwctl while it
 * waits (a FIFO or a process substitution, `<(...)`, whose writer is slow), and refused past
 * `maxBytes` (`InputTooLarge`) after reading at most one byte more from a file (one pipe chunk
 * more from a FIFO): `/dev/zero` cannot fill memory. Errors of the system (ENOENT, EACCES) are
 * thrown as they are.
 */
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
