import { routes } from '../../api/routes.js';
import { Intern } from '../../api/schemas/intern.js';
import { usageError } from '../../core/errors.js';
import { WATCH_INTERVAL } from '../../core/watch-options.js';
import { columnsOf, type ColumnViews, type RunFor } from '../context.js';
import { fetchChecked } from '../shared/fetch.js';
import { detailView } from '../shared/detail.js';
import { status, stepText } from '../shared/format.js';
import { internIdOrPick } from '../shared/targets.js';
import { watchObject } from '../shared/watch-output.js';
import { isInternGone } from '../shared/gone.js';
import type { spec } from './get.js';
import { commandName } from '../../core/spec.js';

// The fields, declared once: labelled rows on a terminal and in a pipe, and the columns
// --columns and --header pick from.
const views: ColumnViews<typeof spec, Intern> = {
  id: { header: 'ID', value: (i) => i.id },
  name: { header: 'Name', value: (i) => i.name },
  status: { header: 'Status', value: (i) => status(i.status) },
  last_failure_message: {
    header: 'Failure',
    value: (i) => (i.last_failure_message ? { text: i.last_failure_message, tone: 'bad' } : null),
  },
  model: { header: 'Model', value: (i) => i.model ?? { text: 'workspace default', tone: 'muted' }, raw: (i) => i.model ?? null },
  hostname: { header: 'Hostname', value: (i) => i.hostname ?? { text: 'not assigned yet', tone: 'muted' }, raw: (i) => i.hostname ?? null },
  description: { header: 'Description', value: (i) => i.description ?? null },
  instructions: { header: 'Instructions', value: (i) => i.instructions ?? null },
  progress: { header: 'Progress', value: (i) => (i.progress ? stepText(i.progress) : null), raw: (i) => i.progress ?? null },
  vault_id: { header: 'Vault', value: (i) => i.vault_id ?? null },
  attached_vault_id: { header: 'Attached vault', value: (i) => i.attached_vault_id ?? null },
  workspace_id: { header: 'Workspace', value: (i) => i.workspace_id },
  created_at: { header: 'Created', value: (i) => ({ time: i.created_at }) },
  updated_at: { header: 'Updated', value: (i) => ({ time: i.updated_at }) },
};

export const run: RunFor<typeof spec> = async ({ spec: declared, args, opts, deps }) => {
  const id = await internIdOrPick(deps, args.id, 'show', { usage: `gwctl ${commandName(declared)} <id>` });
  if (opts.interval !== undefined && !opts.watch) throw usageError('--interval goes with --watch');
  if (opts.watch) {
    const intervalMs = opts.interval ?? WATCH_INTERVAL.defaultMs;
    await watchObject<Intern>(
      deps,
      { spec: declared, columns: columnsOf(declared, views), noun: 'interns', intervalMs },
      async () => (await fetchChecked(deps, routes.internsGet, { params: { id } }, Intern)).data,
      isInternGone,
    );
    return;
  }
  const { body, data: i } = await fetchChecked(deps, routes.internsGet, { params: { id } }, Intern);
  const failed = i.status === 'failed' || i.status === 'destroy_failed';
  // The failure line only where there is (or should be) one.
  const show = (c: { name: string }): boolean => c.name !== 'last_failure_message' || failed || Boolean(i.last_failure_message);
  await deps.printer.detail({ body, view: detailView(i, columnsOf(declared, views), { pickable: true, show }) });
};
