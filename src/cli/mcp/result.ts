// What a tool call returns, in the shapes every tool shares: text content sanitised as the
// terminal's is, and the --json error object of a failure.
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { Deps } from '../../commands/context.js';
import type { GwctlError } from '../../core/errors.js';
import { safeJson, sanitizeBlock } from '../../core/sanitize.js';
import { errorObject } from '../report.js';
import type { AuditLog, ClientName } from './audit.js';
import type { Confirm, ConfirmAnswer } from './asking.js';
import type { Parts } from './parts.js';
import type { TraceContext } from '../../api/trace-context.js';

export interface CallContext {
  /** The run's dependencies: settings, client, pacing, clock. */
  deps: Deps;
  /** Aborted when the client cancels the request (or the client goes away). */
  signal: AbortSignal;
  /** Progress, when the client asked for it: a count that grows, and what it counts. */
  progress?: (count: number, message: string) => void;
  /** Asks the person at the client before a write acts (absent: nobody can be asked). */
  confirm?: Confirm;
  /** A later 2026-07-28 round: the person's answer, with the sealed state of the targets they saw. */
  answer?: ConfirmAnswer;
  /** The operator's --no-confirm: a write acts on `yes: true` alone. */
  noConfirm?: boolean;
  /** Where write tools record what they do. */
  audit?: AuditLog;
  /** The client as it named itself, for the audit log. */
  client?: ClientName;
  /** The write tools' previews and results that were cut, kept for their cursors. */
  parts?: Parts;
  /** The request's `_meta.traceparent` (and tracestate), carried on every API request of the call in place of the run's. */
  trace?: TraceContext;
}

/** A call's result and exit code, with every key the run knows, to mask wherever the call is recorded. */
export type CallOutcome = ToolResult & { keys: readonly string[] };

export type ToolResult = { result: CallToolResult; exitCode: number };

/** A tool error: the --json error object, as its text and as its structured content (which every tool's outputSchema admits). */
export function failed(failure: GwctlError): ToolResult {
  const structuredContent = errorObject(failure);
  return {
    result: { isError: true, content: [textContent(safeJson(structuredContent, 0))], structuredContent },
    exitCode: failure.exitCode,
  };
}

/**
 * Text for the client: the CLI's sanitising (a server's U+202E or U+2028 made visible), as on a
 * terminal. Structured content keeps the data as the API sent it.
 */
export function textContent(text: string): { type: 'text'; text: string } {
  return { type: 'text', text: sanitizeBlock(text) };
}

const [STRING, NUMBER, COUNT] = [{ type: 'string' }, { type: 'integer' }, { type: 'integer', minimum: 0 }];
/** An object with these properties, of which `required`; `closed`: no others. */
const object = (properties: object, required: string[], closed = true): object => ({
  type: 'object',
  properties,
  required,
  ...(closed ? { additionalProperties: false } : {}),
});

// The JSON Schema of a write tool's result, as `previewResult` and `writeResult` (writes.ts) make it: its
// preview, or what the confirmed write did to each target; a part of either that was cut says how
// many `more` and its `next_cursor`.
const TARGET_FIELDS = { id: STRING, name: STRING, status: STRING, expected_outcome: { enum: ['done', 'failed'] }, reason: STRING };
const ERROR = { type: 'object', properties: { message: STRING }, additionalProperties: true };
const RESULT_FIELDS = { id: STRING, outcome: { enum: ['done', 'failed', 'skipped'] }, error: ERROR, truncated: { type: 'boolean' } };
const SUMMARY = object({ done: NUMBER, failed: NUMBER, skipped: NUMBER }, ['done', 'failed', 'skipped']);
const PART = { more: COUNT, next_cursor: STRING };
const PREVIEW_FIELDS = {
  preview: { const: true },
  changed: { const: false },
  count: COUNT,
  targets: { type: 'array', items: object(TARGET_FIELDS, ['id'], false) },
};
const DONE_FIELDS = { preview: { const: false }, changed: { type: 'boolean' }, confirmation: { enum: ['accepted', 'not_asked'] } };
const RESULTS = { results: { type: 'array', items: object(RESULT_FIELDS, ['id', 'outcome']) }, summary: SUMMARY };
export const WRITE_OUTPUT = {
  type: 'object' as const,
  oneOf: [
    object({ ...PREVIEW_FIELDS, body: { type: 'object' }, ...PART }, ['preview', 'changed', 'count', 'targets']),
    object({ ...DONE_FIELDS, ...RESULTS, ...PART }, ['preview', 'changed', 'confirmation', 'results', 'summary']),
  ],
};
