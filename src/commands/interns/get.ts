import { routes } from '../../api/routes.js';
import { defineCommand } from '../../cli/command.js';
import { inline, type Field } from '../../output/cells.js';
import { printDetail } from '../../output/print.js';
import { fetchChecked, outputMode } from '../shared/fetch.js';
import { extraFields, status } from '../shared/format.js';
import { internIdOrPick } from '../shared/targets.js';

function failure(message: string | null | undefined): Field {
  return ['Failure', message ? { text: message, tone: 'bad' } : null];
}

const KNOWN = [
  'id', 'name', 'description', 'instructions', 'model', 'status', 'hostname', 'progress', 'last_failure_message',
  'vault_id', 'attached_vault_id', 'workspace_id', 'created_at', 'updated_at',
];

export const command = defineCommand({
  path: ['interns', 'get'],
  summary: 'Show every field of an intern (on a terminal, pick one when the id is left out)',
  args: [{ name: 'id', description: 'intern id', required: false, complete: 'intern' }],
  options: [],
  examples: [
    'gwctl interns get 7c9e6679-7425-40de-944b-e07fc1f90ae7',
    'gwctl interns get',
    "gwctl interns get 7c9e6679-7425-40de-944b-e07fc1f90ae7 --json | jq -r .status",
  ],
  async run({ args, deps }) {
    const id = await internIdOrPick(deps, args.id, 'show');
    const { Intern } = await import('../../api/schemas/intern.js');
    const { body, data: i } = await fetchChecked(deps, routes.getIntern, { params: { id } }, Intern);
    const failed = i.status === 'failed' || i.status === 'destroy_failed';
    await printDetail(outputMode(deps), body, [
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
  },
});
