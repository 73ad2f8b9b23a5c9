import { routes } from '../../api/routes.js';
import { InternList, type Intern } from '../../api/schemas/intern.js';
import { INTERN_PAGE } from '../../api/vocabulary.js';
import { type KnownId, rememberIds } from '../../completions/id-cache.js';
import { usageError } from '../../core/errors.js';
import { WATCH_INTERVAL } from '../../core/watch-options.js';
import { columnsOf, type ColumnViews, type RunFor } from '../context.js';
import { fetchChecked } from '../shared/fetch.js';
import { status } from '../shared/format.js';
import { internPages } from '../shared/intern-list.js';
import { listByCursor } from '../shared/paging.js';
import { watch } from '../shared/watch.js';
import { watchOutput } from '../shared/watch-output.js';
import type { spec } from './ls.js';
import { commandName } from '../../core/spec.js';
import { shellWord } from '../../core/suggest.js';

// On a narrow terminal the hostname goes first, then the model, then the age; then the name is
// cut. The id, which every command takes, is the key: never cut, never left out.
const views: ColumnViews<typeof spec, Intern> = {
  id: { header: 'ID', value: (i) => i.id },
  name: { header: 'NAME', value: (i) => i.name, flexible: true, whole: true },
  status: { header: 'STATUS', value: (i) => status(i.status), whole: true },
  model: {
    header: 'MODEL',
    value: (i) => i.model ?? { text: 'workspace default', tone: 'muted' },
    raw: (i) => i.model ?? null,
    flexible: true,
    priority: 2,
  },
  hostname: { header: 'HOSTNAME', value: (i) => i.hostname ?? null, flexible: true, priority: 1 },
  created_at: { header: 'AGE', value: (i) => ({ time: i.created_at }), priority: 3 },
};

export const run: RunFor<typeof spec> = async ({ spec: declared, opts, deps }) => {
  const statuses = opts.status;
  const workspace = opts.workspace;
  if (opts.watch) {
    // Every page, at every poll: a cursor to start after would hide the newest interns.
    if (opts.startingAfter !== undefined) throw usageError('--starting-after does not go with --watch, which reads every page');
    const intervalMs = opts.interval ?? WATCH_INTERVAL.defaultMs;
    const filter = { statuses, workspace, ...(opts.limit === undefined ? {} : { pageSize: opts.limit }) };
    await watch<Intern>({
      deps,
      intervalMs,
      read: async (page) => {
        for await (const items of internPages(deps, filter)) page(items);
        return undefined;
      },
      output: watchOutput(deps, { spec: declared, columns: columnsOf(declared, views), kind: 'table', noun: 'interns', intervalMs }),
    });
    return;
  }
  if (opts.interval !== undefined) throw usageError('--interval goes with --watch');
  const all = opts.all;
  const limit = opts.limit ?? (all ? INTERN_PAGE.max : undefined);
  const filters = [
    statuses ? `--status ${shellWord(statuses.join(','))}` : '',
    workspace ? `--workspace ${shellWord(workspace)}` : '',
    opts.limit !== undefined ? `--limit ${limit}` : '',
  ].filter(Boolean);
  const shown: KnownId[] = [];
  await listByCursor<Intern>({
    deps,
    noun: 'interns',
    all,
    columns: columnsOf(declared, views),
    first: opts.startingAfter,
    nextCommand: (cursor) => [`gwctl ${commandName(declared)}`, ...filters, `--starting-after ${shellWord(cursor)}`].join(' '),
    async fetch(cursor) {
      const query = { limit, status: statuses?.join(','), workspace_id: workspace, starting_after: cursor };
      const { body, data } = await fetchChecked(deps, routes.internsLs, { query }, InternList);
      shown.push(...data.data.slice(0, 1000 - shown.length).map((i) => ({ id: i.id, name: i.name })));
      return {
        body: body as Record<string, unknown>,
        items: data.data,
        more: data.has_more,
        nextCursor: data.next_cursor ?? undefined,
      };
    },
  });
  // For shell completion of ids (best effort, local file only).
  rememberIds(deps.env, 'intern', shown);
};
