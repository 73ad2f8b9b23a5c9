// Errors as the contract prints them: one line `gwctl: <message>` on stderr (at a terminal broken
// at spaces to its width by the Io), or under --json one object `{"error": {...}}`. Never a stack trace.
import { errorFields, GwctlError, toGwctlError } from '../core/errors.js';
import type { Io } from '../core/io.js';
import { safeJson, sanitizeField, shortenQuotedWords } from '../core/sanitize.js';

export function errorLine(error: GwctlError): string {
  let line = error.status !== undefined ? `HTTP ${error.status}: ${error.message}` : error.message;
  const details: string[] = [];
  if (error.reason !== undefined) details.push(`reason: ${error.reason}`);
  if (error.retryable !== undefined) details.push(`retryable: ${error.retryable}`);
  if (details.length) line += ` (${details.join(', ')})`;
  // The hint follows the message as one sentence: a full stop of the API's message goes.
  if (error.hint) line = `${line.replace(/\.$/, '')}; ${error.hint}`;
  return `gwctl: ${sanitizeField(line)}`;
}

/**
 * The JSON Schema of what `errorJson` makes: the --json error object, which a tool's error
 * result carries as its structured content too (every tool's outputSchema admits it).
 */
export const ERROR_JSON_SCHEMA = {
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: {
        status: { type: ['integer', 'null'] },
        code: { type: ['integer', 'string'] },
        message: { type: 'string' },
        reason: { type: 'string' },
        retryable: { type: 'boolean' },
        hint: { type: 'string' },
        exit_code: { type: 'integer' },
      },
      // The details of a failure (the unfinished interns of a wait, why a write did not happen) ride beside these.
      required: ['status', 'message', 'exit_code'],
    },
  },
  required: ['error'],
} as const;

export function errorJson(error: GwctlError): string {
  return safeJson(errorObject(error), 0);
}

/** The --json error object as a value: `{"error": {status, message, ..., exit_code}}`. */
export function errorObject(error: GwctlError): { error: Record<string, unknown> } {
  return { error: { ...errorFields(error), exit_code: error.exitCode } };
}

export function reportError(io: Io, error: unknown, json: boolean): number {
  const failure = withShortQuotes(toGwctlError(error));
  // At a terminal the Io breaks the line at spaces, never inside a word (`fro⏎m`) as the terminal
  // would; piped, it stays one line for whatever reads it. JSON stays one line anywhere.
  if (json) io.err(`${errorJson(failure)}\n`, { whole: true });
  else io.err(`${errorLine(failure)}\n`);
  return failure.exitCode;
}

/** The width of the terminal on stderr: its own, or stdout's when it tells none. */
export function stderrColumns(io: Io): number {
  return (io.stderr as { columns?: number }).columns || io.columns;
}

/** The parser's messages quote what was typed ('--aaa…'), ours with quoteInput, others as they do: none more than 200 characters. */
function withShortQuotes(error: GwctlError): GwctlError {
  const message = shortenQuotedWords(error.message);
  const hint = error.hint === undefined ? undefined : shortenQuotedWords(error.hint);
  if (message === error.message && hint === error.hint) return error;
  const { status, code, reason, retryable, details } = error;
  return new GwctlError(message, error.exitCode, { status, code, reason, retryable, hint, details });
}
