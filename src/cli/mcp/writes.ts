// A write tool's call: preview, then (with `yes: true`) the person's confirmation, then the write,
// on exactly the targets the person saw, through the steps of the one write path
// (commands/shared/write.ts) with the command's own operation: the input's targets and body
// (`targetsOf`, `bodyOf`) and what each read says (`expectOutcomes`) make the preview; the person
// confirms only those expected to act, and `act` acts on their ids, its outcomes as data.
// A later 2026-07-28 round reads nothing again: its sealed state holds the targets. In the 2025
// revisions the person answers inside the call, so a selector is read once more, to report what
// matches only since then. Every call is audited (audit.ts): no intent line, no write.
import { randomUUID } from 'node:crypto';
import { errorFields, GwctlError, toGwctlError, usageError } from '../../core/errors.js';
import { ExitCode, type ExitCodeValue } from '../../core/exit-codes.js';
import { safeJson, shownValue } from '../../core/sanitize.js';
import type { Deps, RunContext } from '../../commands/context.js';
import { expectOutcomes } from '../../commands/shared/expected-outcomes.js';
import { act, acting, type Outcome, type WriteOperation } from '../../commands/shared/write.js';
import { DEFAULT_CONCURRENCY, type ConcurrencyChoice } from '../../core/concurrency.js';
import { commandName } from '../../core/spec.js';
import { implementations } from '../registry.js';
import type { AnySpec, Confirmation } from '../../core/spec.js';
import type { AuditEntry, Confirmation as Confirmed } from './audit.js';
import type { ConfirmAnswer, ConfirmRequest } from './asking.js';
import { asToolCalls, forAgent } from './agent-errors.js';
import { firstPart, nextPart, type Part } from './parts.js';
import { failed, textContent, type CallContext, type CallOutcome, type ToolResult } from './result.js';
import { inputOf, type GwctlTool } from './tools.js';

/** One target of a write, as the preview shows it: what the API said of it, and what the write would meet. */
type PreviewTarget = { id: string; name?: string; status?: string; expected_outcome?: 'done' | 'failed'; reason?: string };

/** The targets (the write acts on those not expected to fail), and presets_create's body. */
type Preview = { targets: PreviewTarget[]; acting: PreviewTarget[]; failing: PreviewTarget[]; body?: unknown };

/** What the person is shown and what the write binds to: the ids it acts on, and those left out with why. */
type WriteState = { tool: string; targets: string[]; skipped: TargetResult[] };

type TargetResult = { id: string; outcome: 'done' | 'failed' | 'skipped'; error?: Record<string, unknown> };

/** The command's input as its dry run reads it, with the call's dependencies. */
type Run = RunContext<AnySpec>;

/** At most this many targets are named in a message. */
const NAMED = 10;

type WriteContext = CallContext & { keys: readonly string[]; commandDeps: Deps };
type Ended = ToolResult & { full?: Record<string, unknown> };

export async function callWrite(tool: GwctlTool, input: Record<string, unknown>, ctx: WriteContext): Promise<CallOutcome> {
  const callId = randomUUID();
  const { keys } = ctx;
  const c = tool.spec.confirmation as Confirmation;
  const record = async (entry: Omit<AuditEntry, 'call_id' | 'tool' | 'arguments'>): Promise<void> =>
    ctx.audit?.write({ call_id: callId, tool: tool.name, arguments: input, ...(ctx.client ? { client: ctx.client } : {}), ...entry }, keys);
  // Every call ends with one outcome line, whatever it answers.
  const end = async (result: Ended, preview: boolean, confirmation: Confirmed | null, changed = false): Promise<CallOutcome> => {
    await record({ event: 'outcome', preview, confirmation, outcome: outcomeOf(result, changed) }).catch((error: unknown) => {
      ctx.deps.io.err(`gwctl: warning: cannot write the audit log ${ctx.audit?.file ?? ''}: ${(error as Error).message}\n`);
    });
    return { ...result, keys };
  };
  // A refusal before anyone was asked: logged as not asked, nothing changed.
  const refuse = (failure: GwctlError, preview = false): Promise<CallOutcome> =>
    end(failed(forAgent(tool, failure)), preview, preview ? null : 'not_asked');
  // The next part of a preview or result that was cut: nothing is read or written.
  if (input.cursor !== undefined) {
    try {
      return { ...partResult(nextPart(tool.name, input, ctx.parts), []), keys };
    } catch (error) {
      return { ...failed(toGwctlError(error)), keys };
    }
  }
  if (input.yes !== undefined && typeof input.yes !== 'boolean') return refuse(usageError('invalid yes: expected true or false'), true);
  const yes = input.yes === true;
  let answer: ConfirmAnswer | undefined = ctx.answer;
  let state: WriteState | undefined;
  let run: Run;
  let op: WriteOperation;
  let preview: Preview | undefined;
  try {
    op = await operationOf(tool);
    run = { spec: tool.spec, deps: ctx.commandDeps, ...inputOf(tool, { ...input, yes: false }) };
    // A later 2026-07-28 round reads nothing: the person's answer holds the targets they saw.
    if (!answer) preview = await previewOf(op, run);
  } catch (error) {
    return refuse(toGwctlError(error), !yes);
  }
  if (preview) {
    if (!yes) return end(previewResult(tool, c, preview, ctx), true, null);
    state = { tool: tool.name, targets: preview.acting.map((t) => t.id), skipped: preview.failing.map(skippedAsExpected) };
    // Nothing to act on (none selected, or every target would fail): nobody needs asking.
    if (preview.acting.length === 0) return end(writeResult(tool, c, 'not_asked', state.skipped, ctx), false, 'not_asked');
    // Thrown by the protocol's confirm (the person is asked in a later round): let it through.
    if (!ctx.noConfirm) answer = ctx.confirm ? await ctx.confirm(confirmRequest(c, preview, state)) : { action: 'unavailable' };
  }
  let confirmed: Confirmed = 'not_asked';
  let spend = (): boolean => true;
  if (answer?.action === 'unavailable') {
    const why = `${tool.name} needs the person at the client to confirm, and this client cannot ask (it did not declare elicitation); nothing was changed`;
    const hint = 'the operator can allow unconfirmed writes: gwctl mcp --allow-destructive --no-confirm';
    return end(failed(notDone(why, ExitCode.usage, 'confirmation_unavailable', 'unavailable', hint)), false, 'unavailable');
  }
  if (answer) {
    state = stateOf(answer.state, tool.name);
    if (!state) return refuse(usageError('the confirmation does not belong to this call; nothing was changed'));
    const why = refusal(c, answer, state.targets.length);
    if (why) {
      // Declined, or answered otherwise than asked (a count typed wrong): both are a no.
      const said = why.mismatch ? 'mismatch' : 'declined';
      return end(failed(notDone(`${why.text}; nothing was changed`, ExitCode.cancelled, 'declined', said)), false, said);
    }
    confirmed = 'accepted';
    spend = answer.spend;
  }
  if (!state) throw new Error(`${tool.name}: a write without targets`);
  const newcomers = confirmed === 'accepted' && !ctx.answer ? await matchingSince(op, run, state) : [];
  // Spent before anything is written: of two calls bringing the same yes, one passes here.
  if (!spend()) {
    const hint = `to make the change again, call ${tool.name} with yes: true and no round state, so that the person is asked again`;
    const why = `this confirmation has already allowed a write: a person's yes allows one write; nothing was changed`;
    return end(failed(notDone(why, ExitCode.cancelled, 'confirmation_spent', 'spent', hint)), false, 'spent');
  }
  try {
    await record({ event: 'intent', preview: false, confirmation: confirmed, targets: state.targets });
  } catch (error) {
    const why = `cannot write the audit log ${ctx.audit?.file ?? ''}: ${(error as Error).message}; nothing was changed`;
    return refuse(new GwctlError(why, ExitCode.failure));
  }
  const results = await actOn(op, run, state.targets);
  return end(writeResult(tool, c, confirmed, [...results, ...newcomers, ...state.skipped], ctx), false, confirmed, changedBy(results));
}

/** What the audit line says of a result: every target's, even when the tool's result is cut. */
function outcomeOf(outcome: Ended, changed: boolean): Record<string, unknown> {
  const { summary, results, count, error } = outcome.full ?? (outcome.result.structuredContent as Record<string, unknown>);
  // A field the result does not have stays out of the line: JSON leaves out what is undefined.
  return { ok: outcome.result.isError !== true, exit_code: outcome.exitCode, changed, summary, results, count, error };
}

/** A target the preview said would fail: left out of the confirmation and the write, with its reason. */
function skippedAsExpected(target: PreviewTarget): TargetResult {
  const message = `not attempted: the preview found it would fail: ${target.reason ?? ''}`.trimEnd();
  return { id: target.id, outcome: 'skipped', error: { message } };
}

/** The targets of the input, those a selector listed against it left out (as a dry run leaves them). */
async function targetsOf(op: WriteOperation, run: Run): Promise<{ id: string; name?: string; status?: string }[]> {
  return acting(await op.targetsOf(run)());
}

/** The operation a write tool's command declares (the spec's implementation module exports it). */
async function operationOf(tool: GwctlTool): Promise<WriteOperation> {
  const op = (await implementations.get(commandName(tool.spec))?.())?.write;
  if (!op) throw new Error(`${tool.name}: its command declares no write operation`);
  return op;
}

/**
 * The targets a selector matches only since the person looked (read again once they answered in
 * this call), each reported as skipped: never acted on, since the person did not see them.
 */
async function matchingSince(op: WriteOperation, run: Run, state: WriteState): Promise<TargetResult[]> {
  if (op.confirmation.selectors?.some((key) => run.opts[key] !== undefined) !== true || run.deps.signal.aborted) return [];
  const known = new Set([...state.targets, ...state.skipped.map((r) => r.id)]);
  const now = await targetsOf(op, run).catch(() => []);
  const message = 'matches only since the confirmation was asked';
  return now.filter(({ id }) => !known.has(id)).map(({ id }) => ({ id, outcome: 'skipped', error: { message } }));
}

/** Each target of the input with what the write would meet there (only reads are sent); presets_create, the body it would send. */
async function previewOf(op: WriteOperation, run: Run): Promise<Preview> {
  const read = op.targetsOf(run);
  const body = op.bodyOf ? await op.bodyOf(run) : undefined;
  const given = acting(await read());
  // An operation that reads nothing first (presets_create) shows its targets as given, with its body.
  if (!op.look) return { targets: given, acting: given, failing: [], ...(body ? { body } : {}) };
  const expected = await expectOutcomes(run.deps, op, given);
  const targets = expected.map(({ id, name, status, outcome, reason }) => ({ id, name, status, expected_outcome: outcome, reason }));
  return {
    targets,
    acting: targets.filter((t) => t.expected_outcome === 'done'),
    failing: targets.filter((t) => t.expected_outcome === 'failed'),
  };
}

/** `n` targets in the spec's words: `1 intern`, `3 interns`. */
function counted(c: Confirmation, n: number): string {
  return `${n} ${n === 1 ? c.noun : c.nouns}`;
}

function previewResult(tool: GwctlTool, c: Confirmation, { targets, acting, failing, body }: Preview, ctx: WriteContext): ToolResult {
  // The count is of the targets the write would act on: the number a person confirms.
  const count = acting.length;
  const shown = { preview: true, changed: false, count, targets, ...(body === undefined ? {} : { body }) };
  const lines = [
    `Preview: nothing was changed. ${counted(c, count)} would be affected (${c.action.toLowerCase()}). ${c.consequence}`,
    ...failing
      .slice(0, NAMED)
      .map((t) => `${c.noun} ${shownValue(t.id)} would fail (${shownValue(t.reason ?? 'see its reason')}); it is left out.`),
    ...(failing.length > NAMED ? [`… and ${failing.length - NAMED} more that would fail.`] : []),
    ctx.noConfirm
      ? `To make the change, call ${tool.name} again with the same arguments and yes: true. This server makes writes without a person confirming them (--no-confirm): yes: true alone makes the change.`
      : `To make the change, call ${tool.name} again with the same arguments and yes: true; the person at the client is asked to confirm.`,
  ];
  return partResult(firstPart(tool.name, shown, 'targets', ctx.parts), lines);
}

/** A preview's or result's part as the tool's result: its JSON, then the lines for a reader and the part's note. */
function partResult(part: Part, lines: string[], isError = false): ToolResult {
  const text = [...lines, ...(part.note ? [part.note] : [])].join('\n');
  const content = [textContent(safeJson(part.body)), ...(text ? [textContent(text)] : [])];
  return {
    result: { content, structuredContent: part.body, ...(isError ? { isError } : {}) },
    exitCode: isError ? ExitCode.partial : ExitCode.ok,
  };
}

/**
 * What the person reads: the tool's own words, with every value from the gateway or the agent
 * (names, ids, statuses, a body's fields) shown escaped and cut (`shownValue`), one per line.
 */
function confirmRequest(c: Confirmation, { acting, failing, body }: Preview, state: WriteState): ConfirmRequest {
  const count = acting.length;
  const act = c.action.toLowerCase();
  const leftOut = `${failing.length} more ${failing.length === 1 ? `${c.noun} would fail and is` : `${c.nouns} would fail and are`} left out.`;
  const message = [
    `${c.action} ${counted(c, count)}? ${c.consequence}`,
    ...acting.slice(0, NAMED).map(namedLine),
    ...(count > NAMED ? [`… and ${count - NAMED} more`] : []),
    ...(failing.length === 0 ? [] : [leftOut]),
    ...(body === undefined ? [] : bodyLines(body)),
    c.typed === 'count' ? `To confirm, type the number of ${c.nouns} to ${act}: ${count}.` : 'Confirm?',
  ].join('\n');
  const property =
    c.typed === 'count'
      ? { type: 'string', title: `Number of ${c.nouns}`, description: `type ${count} to ${act} them` }
      : { type: 'boolean', title: `${c.action} ${count === 1 ? `the ${c.noun}` : `${count} ${c.nouns}`}`, default: false };
  return { message, requestedSchema: { type: 'object', properties: { confirm: property }, required: ['confirm'] }, state };
}

/** A target the person is asked about: `- "name" (id "…"), status "…"`, each server value quoted. */
function namedLine({ id, name, status }: PreviewTarget): string {
  return `- ${name ? `${quoted(name)} (id ${quoted(id)})` : `id ${quoted(id)}`}${status ? `, status ${quoted(status)}` : ''}`;
}

/** The body a write will send, a line per field: `  model: "openai/gpt-4o"`. */
function bodyLines(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) return [`The body it sends: ${shownValue(JSON.stringify(body) ?? '')}`];
  const line = ([key, value]: [string, unknown]): string =>
    `  ${quoted(key)}: ${typeof value === 'string' ? quoted(value) : shownValue(JSON.stringify(value) ?? '')}`;
  return ['The body it sends:', ...Object.entries(body).map(line)];
}

/**
 * A value from the gateway or the agent as the person reads it: in quotes, its own quotes and
 * backslashes escaped first, then made visible and cut (`shownValue`), so that no value can read
 * as the end of another or as a line of its own.
 */
function quoted(value: string): string {
  return `"${shownValue(value.replace(/[\\"]/g, (c) => `\\${c}`))}"`;
}

/** Why an answer does not confirm the write, or undefined when it does. */
function refusal(
  c: Confirmation,
  answer: { action: string; content?: Record<string, unknown> },
  count: number,
): { text: string; mismatch?: true } | undefined {
  if (answer.action === 'decline') return { text: 'the person declined' };
  if (answer.action !== 'accept') return { text: 'the person cancelled' };
  const value = answer.content?.confirm;
  if (c.typed !== 'count') {
    if (typeof value !== 'boolean') return { text: 'the confirmation was not a yes or no', mismatch: true };
    return value ? undefined : { text: 'the person did not confirm' };
  }
  if (typeof value !== 'string') return { text: 'the confirmation was not the typed number', mismatch: true };
  if (value.trim() === String(count)) return undefined;
  return { text: `the number typed (${JSON.stringify(value.slice(0, 20))}) is not ${count}`, mismatch: true };
}

/**
 * A write that did not happen, and why in one word (`confirmation`: declined, unavailable,
 * mismatch, spent), as its result and its audit line say it.
 */
function notDone(message: string, exitCode: ExitCodeValue, reason: string, confirmation: Confirmed, hint?: string): GwctlError {
  return new GwctlError(message, exitCode, { reason, ...(hint ? { hint } : {}), details: { confirmation, changed: false } });
}

function stateOf(value: unknown, tool: string): WriteState | undefined {
  const { targets, skipped, tool: its } = (value ?? {}) as Partial<WriteState>;
  if (its !== tool || !Array.isArray(targets) || !targets.every((t) => typeof t === 'string')) return undefined;
  return { tool, targets, skipped: Array.isArray(skipped) ? skipped : [] };
}

/** The write on exactly these ids (a selector left out), each target's outcome as data from the write path. */
async function actOn(op: WriteOperation, run: Run, ids: readonly string[]): Promise<TargetResult[]> {
  const concurrency = (run.opts.concurrency as ConcurrencyChoice | undefined) ?? DEFAULT_CONCURRENCY;
  try {
    const body = op.bodyOf ? await op.bodyOf(run) : undefined;
    const { outcomes } = await act(
      run.deps,
      op,
      ids.map((id) => ({ id })),
      { concurrency, ...(body ? { body } : {}) },
    );
    return outcomes.map((o, i) => targetResult(ids[i]!, o));
  } catch (error) {
    // A failure before any target's (no key): every target's.
    return ids.map((id) => ({ id, outcome: 'failed', error: errorOf(toGwctlError(error)) }));
  }
}

/** One target's outcome as the tool reports it: one not attempted is skipped, with why. */
function targetResult(id: string, outcome: Outcome): TargetResult {
  if (outcome.kind === 'ok') return { id, outcome: 'done' };
  if (outcome.kind === 'failed' || outcome.kind === 'unknown') return { id, outcome: 'failed', error: errorOf(outcome.error) };
  const stopped = outcome.kind === 'untouched' ? { status: null, message: outcome.why, exit_code: outcome.code } : undefined;
  return { id, outcome: 'skipped', error: stopped ?? { message: outcome.why } };
}

/** A target's error as the tool reports it; a next step naming a command (`check with: gwctl interns get ID`) names its tool. */
function errorOf(failure: GwctlError): Record<string, unknown> {
  const error = { ...errorFields(failure), exit_code: failure.exitCode };
  return failure.hint === undefined ? error : { ...error, hint: asToolCalls(failure.hint) };
}

function changedBy(results: readonly TargetResult[]): boolean {
  return results.some((r) => r.outcome === 'done');
}

function writeResult(
  tool: GwctlTool,
  c: Confirmation,
  confirmation: Confirmed,
  all: TargetResult[],
  ctx: WriteContext,
): Ended & { full: object } {
  const summary = { done: 0, failed: 0, skipped: 0 };
  for (const r of all) summary[r.outcome]++;
  const body = { preview: false, changed: changedBy(all), confirmation, results: all, summary };
  const text = `${counted(c, summary.done)} done, ${summary.failed} failed, ${summary.skipped} skipped.`;
  return { ...partResult(firstPart(tool.name, body, 'results', ctx.parts), [text], summary.failed > 0), full: body };
}
