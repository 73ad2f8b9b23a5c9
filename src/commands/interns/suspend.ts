import { SUSPEND_RESULT_SHAPE } from '../../api/fields.generated.js';
import { INTERN_STATUS_ALIASES, INTERN_STATUSES, MAX_STATUS_FILTERS } from '../../api/vocabulary.js';
import { concurrencyOption } from '../../core/concurrency.js';
import { arg, option, uuidCheck } from '../../core/options.js';
import { defineSpec } from '../../core/spec.js';
import { targetsShape } from '../../core/target-shapes.js';

export const spec = defineSpec({
  path: ['interns', 'suspend'],
  operation: { name: 'suspend intern', method: 'POST', path: '/interns/{id}/suspend', key: 'api' },
  tool: 'write',
  confirmation: {
    action: 'Suspend',
    noun: 'intern',
    nouns: 'interns',
    consequence: 'Their runtimes stop; disk and configuration are kept.',
    consequenceOfOne: 'Its runtime stops; disk and configuration are kept.',
    typed: 'boolean',
    selectors: ['status', 'workspace'],
  },
  agent: {
    description:
      'Targets: intern ids, or status (with an optional workspace) for every intern with those statuses, across every page. ' +
      'The preview reads each target: each carries expected_outcome (done or failed) and, when it would fail, reason; only the targets expected to act are confirmed and acted on.',
    properties: {
      ids: 'intern ids',
      status: 'suspend every intern with one of these statuses, across every page',
      workspace: 'with status: only interns of this workspace',
    },
  },
  summary: 'Suspend interns: stop their runtime, keep their disk and configuration',
  description: [
    'Targets: ids as arguments, - for ids on stdin (one a line; blank lines and # lines skipped), or',
    '--status with an optional --workspace for every intern with those statuses, across every page.',
    'Asks for confirmation on a terminal; --yes skips it. Without a terminal, --yes is required.',
    'With several targets each gets one result line (piped: id, result, exit code); the exit code is',
    '0 when all succeeded and 8 when any failed. A 401 or 403 stops at once (exit 4). Ctrl-C starts',
    'nothing new, lets requests in flight finish, prints the results so far and exits 130.',
    '--dry-run reads each intern named and says what would happen to it (piped: id, would-act or',
    'would-fail, reason): one not found, or not visible to the key, would fail with 404. It changes',
    'nothing and exits 0; with --strict it exits 8 when any would fail.',
  ].join('\n'),
  // Each id is a UUID (those on stdin are checked as they are read); the implementation checks the
  // rest: no target at all first, then the confirmation rule (without --yes and a terminal, nothing else matters).
  args: {
    ids: arg.many({
      name: 'id',
      description: 'intern ids, or - to read them from stdin (on a terminal, pick one when none is given)',
      label: 'intern id',
      complete: 'intern',
      check: uuidCheck(),
    }),
  },
  options: {
    yes: option.flag('-y, --yes', 'suspend without asking'),
    status: option.enumList(
      '--status <statuses>',
      'suspend every intern with these statuses (comma-separated), across every page',
      { known: INTERN_STATUSES, also: INTERN_STATUS_ALIASES, max: MAX_STATUS_FILTERS },
      'status',
    ),
    workspace: option.uuid('--workspace <uuid>', 'with --status: only interns of this workspace'),
    dryRun: option.flag('--dry-run', 'read each target and say what would happen to it; change nothing'),
    strict: option.flag('--strict', 'with --dry-run: exit 8 when any target would fail'),
    concurrency: concurrencyOption(),
  },
  // Of the per-target results (several targets, or ids on stdin); status, expected and reason
  // are a dry run's.
  columns: ['id', 'name', 'result', 'exit_code', 'status', 'expected', 'reason'],
  shape: targetsShape(SUSPEND_RESULT_SHAPE, 'several, ids on stdin or --status'),
  examples: [
    'gwctl interns suspend 7c9e6679-7425-40de-944b-e07fc1f90ae7',
    'gwctl interns suspend 7c9e6679-7425-40de-944b-e07fc1f90ae7 --yes',
    'gwctl interns suspend --status failed --dry-run',
    'gwctl interns suspend - --dry-run --strict < interns.txt',
    'gwctl interns suspend --status running --workspace 3f6c2a1e-8b4d-4c7a-9e15-2d8f0b6a7c31 --yes --concurrency 8',
    "gwctl interns ls --all --json | jq -r '.data[] | select(.model == null) | .id' | gwctl interns suspend - --yes",
  ],
});
