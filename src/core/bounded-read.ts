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
