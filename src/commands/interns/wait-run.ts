import { GwctlError, usageError } from '../../core/errors.js';
import { ExitCode } from '../../core/exit-codes.js';
import { spanText } from '../../core/options.js';
import { sanitizeField } from '../../core/sanitize.js';
import type { NamedColumn } from '../../output/columns.js';
import type { RunFor } from '../context.js';
import { status } from '../shared/format.js';
import { readInterns } from '../shared/intern-list.js';
import { pollUntil } from '../shared/poll.js';
import { startProgress } from '../shared/progress.js';
import { readIds, skipReason } from '../shared/targets.js';
import { WaitReader, type Watched } from '../shared/intern-wait.js';
import { WAIT_DEFAULTS, type spec, type WaitCondition } from './wait.js';
import { commandName } from '../../core/spec.js';

export const run: RunFor<typeof spec> = async ({ spec: declared, args, opts, deps }) => {
  const conditions = opts.for;
  if (opts.workspace !== undefined && opts.status === undefined)
    throw usageError('--workspace selects interns only together with --status');
  if (opts.status !== undefined && args.ids.length > 0) throw usageError('give intern ids or --status, not both');
  if (args.ids.length === 0 && opts.status === undefined)
    throw usageError(
      'missing intern id',
      `give one or more, as in 'gwctl ${commandName(declared)} <id> --for status=running', or --status`,
    );
  if (conditions.length === 0)
    throw usageError('missing --for', 'say what to wait for: --for status=running, --for status!=provisioning or --for delete');
  const forDelete = conditions.some((c) => c.kind === 'delete');
  if (forDelete && conditions.length > 1) throw usageError('--for delete cannot be combined with other conditions');
  const timeoutMs = opts.timeout ?? WAIT_DEFAULTS.timeoutMs;
  const intervalMs = opts.interval ?? WAIT_DEFAULTS.intervalMs;

  const meets = (w: Watched): boolean =>
    forDelete ? w.gone : w.intern !== undefined && conditions.every((c) => holds(c, w.intern!.status));
  const reader = new WaitReader({
    deps,
    forDelete,
    wantedStatuses: conditions.every((c) => c.kind === 'status' && c.equal)
      ? conditions.map((c) => (c as { status: string }).status)
      : undefined,
    ...(opts.workspace === undefined ? {} : { workspace: opts.workspace }),
    meets,
  });
  let watched: Watched[];
  let first: Watched[] | undefined;
  if (opts.status !== undefined) {
    // The selection is the first reading: the interns as they were when the command started.
    const { items } = await readInterns(deps, { statuses: opts.status, workspace: opts.workspace });
    // A server that ignores the filter lists interns of any status: as with suspend, only those
    // listed with a wanted status (and in the workspace asked for) are waited on.
    const selected = items.filter((intern) => {
      const skip = skipReason(intern, opts.status!, opts.workspace);
      if (skip !== undefined) deps.io.err(`Skipped ${sanitizeField(intern.id)}: ${skip}\n`);
      return skip === undefined;
    });
    watched = selected.map((intern) => ({ id: intern.id, intern, gone: false, met: false }));
    for (const w of watched) w.met = meets(w);
    first = watched;
  } else {
    watched = (await readIds(deps, args.ids, 'intern id')).map((id) => ({ id, gone: false, met: false }));
    if (watched.length === 0) throw usageError('missing intern id', 'no ids on stdin');
  }
  const read = async (): Promise<Watched[]> => {
    await reader.poll(watched);
    return watched;
  };
  const progress = deps.io.stderrIsTTY
    ? await startProgress(deps, `Waiting for ${watched.length === 1 ? 'intern' : `${watched.length} interns`}`)
    : undefined;
  let outcome: { met: boolean };
  try {
    outcome = await pollUntil({
      deps,
      read,
      ...(first === undefined ? {} : { first }),
      done: (all) => all.every((w) => w.met),
      intervalMs,
      timeoutMs,
      onUpdate: (all) => progress?.update(spinnerText(all)),
    });
  } finally {
    progress?.stop();
  }
  if (!outcome.met) {
    const open = watched.filter((w) => !w.met);
    const what = conditions.map(describe).join(' and ');
    throw new GwctlError(`timed out after ${spanText(timeoutMs)} waiting for ${what}: ${sanitizeField(notMet(open))}`, ExitCode.transient, {
      reason: 'wait_timeout',
      details: { interns: open.map((w) => ({ id: w.id, status: stateOf(w) })) },
    });
  }
  const data = watched.map((w) => (w.gone ? { id: w.id, status: 'deleted' } : w.intern));
  // On a terminal: id, name, status; piped: id, status (--columns picks others).
  const columns: NamedColumn<Watched>[] = [
    { name: 'id', header: 'ID', value: (w) => w.id },
    { name: 'name', header: 'NAME', value: (w) => w.intern?.name ?? '', flexible: true, byDefault: 'terminal' },
    { name: 'status', header: 'STATUS', value: (w) => status(stateOf(w)), raw: (w) => stateOf(w) },
  ];
  await deps.printer.detail({ body: { data }, items: data, view: { kind: 'rows', items: watched, columns } });
};

/** The most ids a timeout names; `--json` (the error's details) keeps every one. */
const IDS_NAMED = 5;

/** What a timed-out wait left: `<id> is provisioning`, or `28 of them: 20 provisioning, 8 queued (a, b, c, d, e and 23 more; …)`. */
function notMet(open: readonly Watched[]): string {
  if (open.length === 1) return `${open[0]!.id} is ${stateOf(open[0]!)}`;
  const counts = new Map<string, number>();
  for (const w of open) counts.set(stateOf(w), (counts.get(stateOf(w)) ?? 0) + 1);
  const states = [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([state, n]) => `${n} ${state}`)
    .join(', ');
  const ids = open.slice(0, IDS_NAMED).map((w) => w.id);
  const rest = open.length - ids.length;
  const named = rest > 0 ? `${ids.join(', ')} and ${rest} more; --json lists every one` : ids.join(', ');
  return `${open.length} interns not there: ${states} (${named})`;
}

/** `Waiting: 7c9e…-0f1 provisioning`, or for several `Waiting for 5 interns: 3 running, 2 provisioning`. */
function spinnerText(all: readonly Watched[]): string {
  if (all.length === 1) return `Waiting: ${sanitizeField(all[0]!.id)} ${sanitizeField(stateOf(all[0]!))}`;
  const counts = new Map<string, number>();
  for (const w of all) counts.set(stateOf(w), (counts.get(stateOf(w)) ?? 0) + 1);
  return `Waiting for ${all.length} interns: ${[...counts].map(([state, n]) => `${n} ${sanitizeField(state)}`).join(', ')}`;
}

function holds(condition: WaitCondition, current: string): boolean {
  if (condition.kind === 'delete') return false;
  return (current === condition.status) === condition.equal;
}

function stateOf(w: Watched): string {
  if (w.gone) return 'deleted';
  return w.intern?.status ?? 'unknown';
}

function describe(condition: WaitCondition): string {
  if (condition.kind === 'delete') return 'deletion';
  return `status${condition.equal ? '=' : '!='}${condition.status}`;
}
