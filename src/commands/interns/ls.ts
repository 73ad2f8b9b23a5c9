import { routes } from '../../api/routes.js';
import type { Intern } from '../../api/schemas/intern.js';
import { defineCommand } from '../../cli/command.js';
import { fetchChecked } from '../shared/fetch.js';
import { listByCursor } from '../shared/paging.js';
import { internColumns } from './columns.js';

export const command = defineCommand({
  path: ['interns', 'ls'],
  aliases: ['list'],
  summary: 'List interns, newest first',
  description:
    'Statuses: awaiting_chat_install, queued, provisioning, running, failed, stopped, destroying, destroy_failed.\n' +
    'Without --all one page is printed, and a hint on stderr tells how to get the next one.',
  args: [],
  options: [
    { flags: '--status <statuses>', description: 'comma-separated statuses, at most 8', complete: 'status' },
    { flags: '--workspace <uuid>', description: "workspace filter; must be the key's workspace" },
    { flags: '--limit <n>', description: 'page size, 1-500 (API default 50)' },
    { flags: '--starting-after <cursor>', description: 'start after this next_cursor of a previous page' },
    { flags: '--all', description: 'read every page and print one result' },
  ],
  examples: [
    'gwctl interns ls',
    'gwctl interns ls --status running,failed --limit 100',
    "gwctl interns ls --all --json | jq -r '.data[] | select(.status == \"failed\") | .id'",
  ],
  async run({ opts, deps }) {
    const [{ checkInput, intInRange, uuidInput }, { InternList, statusFilter, INTERN_PAGE }] = await Promise.all([
      import('../../api/schemas/common.js'),
      import('../../api/schemas/intern.js'),
    ]);
    const statuses = opts.status === undefined ? undefined : checkInput(statusFilter, opts.status, '--status');
    const workspace = opts.workspace === undefined ? undefined : checkInput(uuidInput, opts.workspace, '--workspace');
    const all = opts.all === true;
    const limit =
      opts.limit !== undefined ? checkInput(intInRange(INTERN_PAGE.min, INTERN_PAGE.max, '--limit'), opts.limit, '--limit')
      : all ? INTERN_PAGE.max
      : undefined;
    const first = opts.startingAfter === undefined ? undefined : String(opts.startingAfter);
    const filters = [
      statuses ? `--status ${statuses.join(',')}` : '',
      workspace ? `--workspace ${workspace}` : '',
      opts.limit !== undefined ? `--limit ${limit}` : '',
    ].filter(Boolean);
    const shown: string[] = [];
    await listByCursor<Intern>({
      deps,
      noun: 'interns',
      all,
      columns: internColumns,
      first,
      nextCommand: (cursor) => ['gwctl interns ls', ...filters, `--starting-after ${cursor}`].join(' '),
      async fetch(cursor) {
        const query = { limit, status: statuses?.join(','), workspace_id: workspace, starting_after: cursor };
        const { body, data } = await fetchChecked(deps, routes.listInterns, { query }, InternList);
        shown.push(...data.data.slice(0, 1000 - shown.length).map((i) => i.id));
        return { body: body as Record<string, unknown>, items: data.data, nextCursor: data.has_more ? (data.next_cursor ?? undefined) : undefined };
      },
    });
    // For shell completion of ids (best effort, local file only).
    await import('../../completions/id-cache.js').then((c) => c.rememberIds(deps.env, 'intern', shown), () => {});
  },
});
