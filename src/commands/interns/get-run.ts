import { routes } from '../../api/routes.js';
import { Intern } from '../../api/schemas/intern.js';
import { inline, type Field } from '../../output/cells.js';
import { printDetail } from '../../output/print.js';
import type { RunFor } from '../context.js';
import { fetchChecked } from '../shared/fetch.js';
import { extraFields, status } from '../shared/format.js';
import { outputMode } from '../shared/output-mode.js';
import { internIdOrPick } from '../shared/targets.js';
import type { spec } from './get.js';

function failure(message: string | null | undefined): Field {
  return ['Failure', message ? { text: message, tone: 'bad' } : null];
}

const KNOWN = [
  'id', 'name', 'description', 'instructions', 'model', 'status', 'hostname', 'progress', 'last_failure_message',
  'vault_id', 'attached_vault_id', 'workspace_id', 'created_at', 'updated_at',
];

export const run: RunFor<typeof spec> = async ({ args, deps }) => {
  const id = await internIdOrPick(deps, args.id, 'show');
  const { body, data: i } = await fetchChecked(deps, routes.getIntern, { params: { id } }, Intern);
  const failed = i.status === 'failed' || i.status === 'destroy_failed';
  await printDetail(outputMode(deps, 'interns get'), body, [
    {
      fields: [
        ['ID', i.id],
        ['Name', i.name],
        ['Status', status(i.status)],
        ...(failed || i.last_failure_message ? [failure(i.last_failure_message)] : []),
        ['Model', i.model ?? { text: 'workspace default', tone: 'muted' }],
        ['Hostname', i.hostname ?? { text: 'not assigned yet', tone: 'muted' }],
        ['Description', i.description ?? null],
        ['Instructions', i.instructions ?? null],
        ['Progress', i.progress ? inline(i.progress) : null],
        ['Vault', i.vault_id ?? null],
        ['Attached vault', i.attached_vault_id ?? null],
        ['Workspace', i.workspace_id],
        ['Created', { time: i.created_at }],
        ['Updated', { time: i.updated_at }],
        ...extraFields(i, KNOWN),
      ],
    },
  ]);
};
