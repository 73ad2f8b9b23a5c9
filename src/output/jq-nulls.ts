// At a terminal, a --jq filter whose every output is null, or an object of nothing but nulls,
// most likely took a path the JSON does not have (`.data | {name, status}` on `interns get`,
// which gives the intern bare, where `endpoints get` wraps it in `data`): a note on stderr then
// says where the JSON's paths start. Never in a pipe: there a null is an answer, and a script
// reads stderr too.
import type { Io } from '../core/io.js';

export interface NullWatch {
  /** The Io to print the filter's outputs through: the same, seeing each line it prints. */
  io: Io;
  /** The note to print on stderr when every output was null; undefined otherwise (or nothing printed). */
  note(): string | undefined;
}

/**
 * Watches the lines a filter prints on `io`; `shape` is the top level of the JSON the command
 * prints (its spec's), `command` its words, for the note.
 */
export function watchNulls(io: Io, command: string, shape: string | undefined): NullWatch {
  let lines = 0;
  let nulls = 0;
  const watched: Io = Object.create(io) as Io;
  watched.out = (text: string) => {
    for (const line of text.split('\n')) {
      if (line === '') continue;
      lines += 1;
      if (onlyNulls(line)) nulls += 1;
    }
    return io.out(text);
  };
  return {
    io: watched,
    note() {
      if (lines === 0 || nulls < lines) return undefined;
      const where = shape === undefined ? '' : `: the JSON of ${command} is ${shape}`;
      return `--jq gave only null${where}; see 'gwctl ${command} --help'`;
    },
  };
}

/** `null`, or an object whose every value is null (`{"name":null,"status":null}`), as jq prints them. */
function onlyNulls(line: string): boolean {
  if (line === 'null') return true;
  if (!line.startsWith('{"')) return false;
  try {
    const value = JSON.parse(line) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => v === null);
  } catch {
    return false;
  }
}
