import { INTERN_SHAPE } from '../../api/fields.generated.js';
import { INTERN_STATUS_ALIASES, INTERN_STATUSES, MAX_STATUS_FILTERS } from '../../api/vocabulary.js';
import { arg, option, uuidCheck, ValueRefused } from '../../core/options.js';
import { defineSpec } from '../../core/spec.js';
import { nearest } from '../../core/suggest.js';
import { intervalOption, POLL_INTERVALS } from '../../core/watch-options.js';

/** What one --for asks: a status that must (or must not) be reached, or the intern's deletion. */
export type WaitCondition = { kind: 'status'; equal: boolean; status: string } | { kind: 'delete' };

function waitCondition(text: string): WaitCondition {
  if (text === 'delete') return { kind: 'delete' };
  const m = /^status(!?=)(.+)$/.exec(text);
  if (!m) throw new ValueRefused('expected status=S, status!=S or delete');
  const status = m[2]!;
  if (![...INTERN_STATUSES, ...INTERN_STATUS_ALIASES].includes(status as never)) {
    const near = nearest(status, INTERN_STATUSES);
    throw new ValueRefused(near ? `did you mean status${m[1]}${near}?` : `the status must be one of: ${INTERN_STATUSES.join(', ')}`);
  }
  return { kind: 'status', equal: m[1] === '=', status };
}

export const WAIT_DEFAULTS = { timeoutMs: 600_000, intervalMs: POLL_INTERVALS.internsWait.defaultMs } as const;

export const spec = defineSpec({
  path: ['interns', 'wait'],
  tool: 'read',
  agent: {
    description: [
      'Every condition of for must hold for every intern: status=S, status!=S (S an intern status), or delete (the',
      `intern answers 404). Statuses: ${INTERN_STATUSES.join(', ')}. Returns {"data":[intern, ...]} once all hold;`,
      'exit_code 5 when an intern is not found (unless waiting for delete); exit_code 7 at the deadline (reason',
      "wait_timeout), naming each unfinished intern's status. With status (and workspace), waits for every intern",
      'that had one of those statuses at the start.',
    ].join('\n'),
    properties: {
      ids: 'intern ids (or status instead)',
      status: 'wait for every intern that has one of these statuses now, across every page',
      workspace: 'with status: only interns of this workspace',
    },
  },
  summary: 'Wait until interns reach a state (or are deleted)',
  description: [
    'Every --for must hold for every intern: status=S, status!=S (S an intern status), or delete (the intern',
    `answers 404). Statuses: ${INTERN_STATUSES.join(', ')}.`,
    'Durations: 90, 90s, 1.5s, 5m, 1h. Exit 0 once all are met; 5 when an intern is not found (unless waiting for',
    "delete); 7 at the deadline (reason wait_timeout), naming each unfinished intern's status.",
    'Piped, prints id<TAB>status per intern; --json prints {"data":[intern, ...]}.',
    'With --status (and --workspace), waits for every intern that had one of those statuses at the start.',
    'Many interns are read through the list (a few requests a poll) rather than one by one.',
    "Here --timeout is the wait's deadline; the per-request timeout is --timeout before the command word, GWCTL_TIMEOUT or the profile.",
  ].join('\n'),
  args: {
    ids: arg.many({
      name: 'id',
      description: 'intern ids, or - to read them from stdin (or --status instead)',
      label: 'intern id',
      complete: 'intern',
      check: uuidCheck(),
    }),
  },
  options: {
    status: option.enumList(
      '--status <statuses>',
      'wait for every intern that has one of these statuses now (comma-separated), across every page',
      { known: INTERN_STATUSES, also: INTERN_STATUS_ALIASES, max: MAX_STATUS_FILTERS },
      'status',
    ),
    workspace: option.uuid('--workspace <uuid>', 'with --status: only interns of this workspace'),
    for: option.repeated('--for <condition>', 'status=S, status!=S or delete (repeatable; every one must hold)', waitCondition),
    timeout: option.duration('--timeout <duration>', 'give up after this long (default 10m)', { minMs: 100, maxMs: 86_400_000 }),
    interval: intervalOption('time between polls (default 2s, at least 0.1s)', POLL_INTERVALS.internsWait.minMs),
  },
  columns: ['id', 'name', 'status'],
  // What a wait prints: each intern's final state, as `interns get` gives it, in `data`.
  shape: `{data: [${INTERN_SHAPE}]}`,
  examples: [
    'gwctl interns wait 7c9e6679-7425-40de-944b-e07fc1f90ae7 --for status=running',
    'gwctl interns wait 7c9e6679-7425-40de-944b-e07fc1f90ae7 --for status!=provisioning --for status!=queued --timeout 5m',
    'gwctl interns wait 7c9e6679-7425-40de-944b-e07fc1f90ae7 --for delete --interval 10s',
    "gwctl interns wait 7c9e6679-7425-40de-944b-e07fc1f90ae7 --for status=running --jq '.data[] | {name, status}'",
    'gwctl interns wait --status provisioning,queued --for status!=provisioning --for status!=queued',
    "gwctl interns ls --status provisioning --all --json | jq -r '.data[].id' | gwctl interns wait - --for status=running",
  ],
});
