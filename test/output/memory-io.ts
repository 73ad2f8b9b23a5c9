// An Io that keeps what is written, for driving the output modules in-process. `out` resolves
// on the next turn of the event loop, as a real stream would once it has room.
import type { Io } from '../../src/core/io.js';

export interface MemoryIo extends Io {
  stdout: string;
  stderrText: string;
  writes: number;
}

export function memoryIo(options: { tty?: boolean; columns?: number } = {}): MemoryIo {
  const io: MemoryIo = {
    stdout: '',
    stderrText: '',
    writes: 0,
    stdoutIsTTY: options.tty ?? false,
    stderrIsTTY: false,
    stdinIsTTY: false,
    columns: options.columns ?? 80,
    color: false,
    stderrColor: false,
    out(text) {
      io.stdout += text;
      io.writes++;
      return new Promise((resolve) => setImmediate(resolve));
    },
    outUnmasked(text) {
      return io.out(text);
    },
    written: () => Promise.resolve(),
    err(text) {
      io.stderrText += text;
    },
    readStdin: () => Promise.resolve(''),
    stdin: process.stdin,
    answers: () => process.stdin,
    stderr: process.stderr,
    addSecret() {},
    addPublic() {},
    size: () => ({ columns: io.columns, rows: 24 }),
    onResize: () => () => {},
  };
  return io;
}
