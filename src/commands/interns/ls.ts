import { INTERN_FIELDS, INTERN_LIST_SHAPE } from '../../api/fields.generated.js';
import { INTERN_PAGE, INTERN_STATUS_ALIASES, INTERN_STATUSES, MAX_STATUS_FILTERS } from '../../api/vocabulary.js';
import { option } from '../../core/options.js';
import { WATCH_OPTIONS } from '../../core/watch-options.js';
import { defineSpec } from '../../core/spec.js';

export const spec = defineSpec({
  path: ['interns', 'ls'],
  operation: { name: 'list interns', method: 'GET', path: '/interns', key: 'api' },
  aliases: ['list'],
  tool: 'read',
  agent: {
    description: `Statuses: ${INTERN_STATUSES.join(', ')}.`,
    properties: { status: `only interns with one of these statuses, at most ${MAX_STATUS_FILTERS}` },
  },
  summary: 'List interns, newest first',
  description:
    `Statuses: ${INTERN_STATUSES.join(', ')}.\n` +
    'Without --all one page is printed, and a hint on stderr tells how to get the next one.\n' +
    'With --watch every page is read again at each interval and only what changed is shown (added, modified,\n' +
    'deleted; JSON Lines events with --jsonl or --json), until Ctrl-C.',
  args: {},
  options: {
    status: option.enumList(
      '--status <statuses>',
      `comma-separated statuses, at most ${MAX_STATUS_FILTERS}`,
      { known: INTERN_STATUSES, also: INTERN_STATUS_ALIASES, max: MAX_STATUS_FILTERS },
      'status',
    ),
    workspace: option.uuid('--workspace <uuid>', "workspace filter; must be the key's workspace"),
    limit: option.int('--limit <n>', `page size, ${INTERN_PAGE.min}-${INTERN_PAGE.max} (API default ${INTERN_PAGE.default})`, INTERN_PAGE),
    startingAfter: option.string('--starting-after <cursor>', 'start after this next_cursor of a previous page'),
    all: option.flag('--all', 'read every page and print one result'),
    ...WATCH_OPTIONS,
  },
  columns: ['id', 'name', 'status', 'model', 'hostname', 'created_at'],
  fields: INTERN_FIELDS,
  shape: INTERN_LIST_SHAPE,
  examples: [
    'gwctl interns ls',
    'gwctl interns ls --status running,failed --limit 100',
    'gwctl interns ls --watch --status provisioning,queued',
    'gwctl interns ls --watch --jsonl | jq -r \'select(.type == "deleted") | .object.id\'',
    'gwctl interns ls --all --json | jq -r \'.data[] | select(.status == "failed") | .id\'',
  ],
});
