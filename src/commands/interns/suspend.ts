import { routes } from '../../api/routes.js';
import { defineCommand } from '../../cli/command.js';
import { printJson } from '../../output/print.js';
import { sanitizeField } from '../../core/sanitize.js';
import { fetchChecked } from '../shared/fetch.js';
import { confirmOrRefuse, internIdOrPick } from '../shared/targets.js';

export const command = defineCommand({
  path: ['interns', 'suspend'],
  summary: 'Suspend an intern: stop its runtime, keep its disk and configuration',
  description: 'Asks for confirmation on a terminal; --yes skips it. Without a terminal, --yes is required.',
  args: [{ name: 'id', description: 'intern id (on a terminal, pick one when left out)', required: false, complete: 'intern' }],
  options: [{ flags: '-y, --yes', description: 'suspend without asking' }],
  examples: ['gwctl interns suspend 7c9e6679-7425-40de-944b-e07fc1f90ae7', 'gwctl interns suspend 7c9e6679-7425-40de-944b-e07fc1f90ae7 --yes'],
  async run({ args, opts, deps }) {
    const yes = opts.yes === true;
    // Refuse before anything is sent, even the lookup of the intern's name.
    if (!yes && !deps.prompter.interactive) await confirmOrRefuse(deps, false, async () => '');
    const id = await internIdOrPick(deps, args.id, 'suspend');
    const { Intern, SuspendResult } = await import('../../api/schemas/intern.js');
    let name = id;
    await confirmOrRefuse(deps, yes, async () => {
      const { data } = await fetchChecked(deps, routes.getIntern, { params: { id } }, Intern);
      name = data.name;
      return `Suspend intern "${sanitizeField(data.name)}" (${sanitizeField(data.status)})? Its runtime stops; disk and configuration are kept.`;
    });
    const { body } = await fetchChecked(deps, routes.suspendIntern, { params: { id }, ifAnswerLost: `check with 'gwctl interns get ${id}' before trying again` }, SuspendResult);
    if (deps.flags.json) await printJson(deps.io, body);
    else if (deps.io.stdoutIsTTY) await deps.io.out(`Suspended intern ${sanitizeField(name)} (${sanitizeField(id)}).\n`);
    else await deps.io.out(`${sanitizeField(id)}\tsuspended\n`);
  },
});
