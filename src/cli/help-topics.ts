// What `gwctl help` knows besides the commands.
import { EXIT_CODES } from '../core/exit-codes.js';

export function exitCodesText(): string {
  const lines = ['Exit codes:', ''];
  for (const { code, meaning } of EXIT_CODES) {
    const wrapped = wrap(meaning, 72);
    lines.push(`  ${String(code).padEnd(5)}${wrapped[0]}`, ...wrapped.slice(1).map((line) => `       ${line}`));
  }
  lines.push(
    '',
    "The HTTP status decides the exit code; the API's 'retryable' decides whether",
    'gwctl retries. Where the API says nothing, 408, 409 intern_busy, 429, 500, 502,',
    '503, 504 and connection failures are retried.',
    '',
    'Examples:',
    '  $ gwctl interns get "$id" >/dev/null; [ $? -eq 5 ] && echo "no such intern"',
    '  $ gwctl batches delete "$id" --yes || case $? in 5) ;; *) exit 1 ;; esac',
    '',
  );
  return lines.join('\n');
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
