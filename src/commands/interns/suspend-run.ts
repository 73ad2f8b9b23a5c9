import { routes } from '../../api/routes.js';
import { Intern, SuspendResult } from '../../api/schemas/intern.js';
import { sanitizeField } from '../../core/sanitize.js';
import { printBody } from '../../output/print.js';
import { outputMode } from '../shared/output-mode.js';
import type { RunFor } from '../context.js';
import { fetchChecked } from '../shared/fetch.js';
import { confirmOrRefuse, internIdOrPick } from '../shared/targets.js';
import type { spec } from './suspend.js';

export const run: RunFor<typeof spec> = async ({ args, opts, deps }) => {
  const { yes } = opts;
  // Refuse before anything is sent, even the lookup of the intern's name.
  if (!yes && !deps.prompter.interactive) await confirmOrRefuse(deps, false, async () => '');
  const id = await internIdOrPick(deps, args.id, 'suspend');
  let name = id;
  await confirmOrRefuse(deps, yes, async () => {
    const { data } = await fetchChecked(deps, routes.getIntern, { params: { id } }, Intern);
    name = data.name;
    return `Suspend intern "${sanitizeField(data.name)}" (${sanitizeField(data.status)})? Its runtime stops; disk and configuration are kept.`;
  });
  const lost = `check with 'gwctl interns get ${id}' before trying again`;
  const { body } = await fetchChecked(deps, routes.suspendIntern, { params: { id }, ifAnswerLost: lost }, SuspendResult);
  if (await printBody(outputMode(deps, 'interns suspend'), body)) return;
  if (deps.io.stdoutIsTTY) await deps.io.out(`Suspended intern ${sanitizeField(name)} (${sanitizeField(id)}).\n`);
  else await deps.io.out(`${sanitizeField(id)}\tsuspended\n`);
};
