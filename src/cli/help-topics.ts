// What `gwctl help` knows besides the commands.
import { EXIT_CODES } from '../core/exit-codes.js';

export function exitCodesText(width: number = HELP_WIDTH.piped): string {
  const lines = ['Exit codes:', ''];
  for (const { code, meaning } of EXIT_CODES) {
    const wrapped = wrap(meaning, width - 8);
    lines.push(`  ${String(code).padEnd(5)}${wrapped[0]}`, ...wrapped.slice(1).map((line) => `       ${line}`));
  }
  lines.push(
    '',
    ...layout(
      [
        "The HTTP status decides the exit code; the API's 'retryable' decides whether a",
        'request is tried again. Where the API says nothing, 408, 409 intern_busy, 429,',
        '500, 502, 503, 504 and connection failures are retried.',
        '',
        'Examples:',
        '  $ gwctl interns get "$id" >/dev/null; [ $? -eq 5 ] && echo "no such intern"',
        '  $ gwctl batches delete "$id" --yes || case $? in 5) ;; *) exit 1 ;; esac',
      ].join('\n'),
      width,
    ),
    '',
  );
  return lines.join('\n');
}

/** The width help is laid out for: the terminal's within 60 to 200, and 80 when piped, so scripts see the same text. */
export const HELP_WIDTH = { min: 60, max: 200, piped: 80 } as const;

export function helpWidth(stdout: { stdoutIsTTY: boolean; columns: number }): number {
  if (!stdout.stdoutIsTTY) return HELP_WIDTH.piped;
  return Math.min(HELP_WIDTH.max, Math.max(HELP_WIDTH.min, stdout.columns));
}

/** A help text's lines as meant: a line not ending a sentence goes on in the next; blank and indented lines stand alone. */
export function logicalLines(text: string): string[] {
  const lines: string[] = [];
  let open = false;
  for (const line of text.split('\n')) {
    const prose = line.trim() !== '' && !/^\s/.test(line);
    if (open && prose) lines[lines.length - 1] += ` ${line}`;
    else lines.push(line);
    open = prose && !/[.:!?]$/.test(lines[lines.length - 1]!);
  }
  return lines;
}

/** A help text laid out for `width`: prose wrapped, an indented line as a command line, an indented JSON block as data. */
export function layout(text: string, width: number): string[] {
  const lines = logicalLines(text);
  const literal = literalLines(lines);
  return lines.flatMap((line, i) =>
    literal.has(i) ? wrapData(line, width) : /^\s/.test(line) ? wrapCommand(line, width) : wrap(line, width),
  );
}

/** A line of JSON within `width`, broken at spaces outside strings, later lines indented four more: the same JSON when pasted. */
function wrapData(line: string, width: number): string[] {
  if (line.length <= width) return [line];
  const indent = /^\s*/.exec(line)![0];
  const words: string[] = [];
  let word = '';
  let inString = false;
  for (let i = indent.length; i < line.length; i++) {
    const char = line[i]!;
    if (char === ' ' && !inString) {
      if (word) words.push(word);
      word = '';
      continue;
    }
    if (char === '"' && line[i - 1] !== '\\') inString = !inString;
    word += char;
  }
  if (word) words.push(word);
  const lines: string[] = [];
  let current = '';
  for (const next of words) {
    const lead = lines.length === 0 ? indent : `${indent}    `;
    if (current && lead.length + current.length + 1 + next.length > width) {
      lines.push(`${lead}${current}`);
      current = next;
    } else current = current ? `${current} ${next}` : next;
  }
  return [...lines, `${lines.length === 0 ? indent : `${indent}    `}${current}`];
}

/** The indexes of the lines of indented blocks that are data (JSON), not commands to break. */
function literalLines(lines: readonly string[]): Set<number> {
  const literal = new Set<number>();
  for (let start = 0; start < lines.length; start++) {
    if (!/^\s+\S/.test(lines[start]!)) continue;
    let end = start;
    while (end + 1 < lines.length && /^\s+\S/.test(lines[end + 1]!)) end++;
    if (lines.slice(start, end + 1).some((line) => /^\s*[{}[\]"]/.test(line))) for (let i = start; i <= end; i++) literal.add(i);
    start = end;
  }
  return literal;
}

/**
 * An example command line within `width`, broken at spaces outside quotes with ` \` so it still
 * pastes; later lines indented four more; an over-long word stays whole; a trailing `# ...` goes on.
 */
export function wrapCommand(line: string, width: number): string[] {
  if (line.length <= width) return [line];
  const indent = /^\s*/.exec(line)![0];
  const words: string[] = [];
  let word = '';
  let quote: string | undefined;
  let comment: string | undefined;
  const rest = line.slice(indent.length);
  for (let i = 0; i < rest.length; i++) {
    const char = rest[i]!;
    if (char === ' ' && !quote) {
      if (word) words.push(word);
      word = '';
      continue;
    }
    if (char === '#' && !quote && !word) {
      comment = rest.slice(i + 1).trim();
      break;
    }
    if (char === quote) quote = undefined;
    else if (!quote && (char === "'" || char === '"')) quote = char;
    word += char;
  }
  if (word) words.push(word);
  // An option stays on one line with its value (`--for status=running`).
  for (let i = words.length - 2; i >= 0; i--)
    if (/^--?\w/.test(words[i]!) && !/^(-|[|&;<>])/.test(words[i + 1]!)) words.splice(i, 2, `${words[i]} ${words[i + 1]}`);
  const more = `${indent}    `;
  const lines: string[] = [];
  let current = indent;
  for (const next of words) {
    if (current.trim() && current.length + 1 + next.length + 2 > width) {
      lines.push(`${current} \\`);
      current = `${more}${next}`;
    } else current = current.trim() ? `${current} ${next}` : `${current}${next}`;
  }
  if (comment === undefined) return [...lines, current];
  const lead = /^\s*/.exec(current)![0];
  const [first, ...others] = wrap(`${current.trimStart()} # ${comment}`, width - lead.length);
  const after = others.length ? wrap(others.join(' '), width - more.length - 2).map((text) => `${more}# ${text}`) : [];
  return [...lines, `${lead}${first!}`, ...after];
}
/** `text` in lines of at most `width` characters, broken at spaces. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line];
}

/** The topics, by name (completion offers these too). */
export const HELP_TOPICS: readonly { name: string; description: string }[] = [
  { name: 'exit-codes', description: 'what each exit code means' },
  { name: 'formatting', description: 'output formats: tables, rows, --json, --jq, --jsonl, --columns, --header' },
];
