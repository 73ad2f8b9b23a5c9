import { routes } from '../../api/routes.js';
import { Intern, SuspendResult } from '../../api/schemas/intern.js';
import { usageError } from '../../core/errors.js';
import { sanitizeField } from '../../core/sanitize.js';
import { wrapToWidth } from '../../output/width.js';
import type { Deps, RunContext, RunFor } from '../context.js';
import { lookUp } from '../shared/expected-outcomes.js';
import { fetchChecked } from '../shared/fetch.js';
import { givenTargets, namesShown, runMany, type ManyAction, type Target } from '../shared/many.js';
import { confirmOrRefuse, internIdOrPick, selectInterns } from '../shared/targets.js';
import type { spec } from './suspend.js';
import { commandName } from '../../core/spec.js';
import { shellWord } from '../../core/suggest.js';

type Words = (typeof spec)['confirmation'];

/** Suspending one intern of many, as data for the many-target run; its words are the spec's. */
export const suspendOf = (confirmation: Words): ManyAction => ({
  confirmation,
  doneWord: 'suspended',
  named: true,
  route: routes.suspendIntern,
  schema: SuspendResult,
  ifAnswerLost: lostHint,
  nameOf,
  // A read tells only whether the intern is there for this key: the API document names no status
  // that refuses a suspension (its 409 is another operation holding the intern, which no read shows).
  look: (deps, id) =>
    lookUp(
      () => fetchChecked(deps, routes.getIntern, { params: { id } }, Intern),
      ({ data }) => ({ name: data.name, status: data.status }),
    ),
});

function nameOf(deps: Deps, id: string): Promise<string | undefined> {
  return fetchChecked(deps, routes.getIntern, { params: { id } }, Intern).then(
    ({ data }) => data.name,
    () => undefined,
  );
}

/**
 * The interns an input names, read the same way by this command and by its MCP tool: the input's
 * mistakes are refused at once (before anything is asked or sent); the ids given, or those
 * --status selects, are read when the returned function is called.
 */
export function internsToSuspend({ spec: declared, args, opts, deps }: RunContext<typeof spec>): () => Promise<Target[]> {
  const words = args.ids;
  const command = commandName(declared);
  if (opts.workspace !== undefined && opts.status === undefined)
    throw usageError('--workspace selects interns only together with --status');
  if (opts.status !== undefined && words.length > 0) throw usageError('give intern ids or --status, not both');
  if (opts.strict && !opts.dryRun)
    throw usageError('--strict applies only with --dry-run', `add --dry-run, as in 'gwctl ${command} <id> --dry-run --strict'`);
  // No target at all is its own mistake, said before the confirmation rule; only a person at a
  // terminal can still pick one.
  if (words.length === 0 && opts.status === undefined && (opts.dryRun || !deps.prompter.interactive)) {
    throw usageError('missing intern id', `give ids, - to read them from stdin, or --status, as in 'gwctl ${command} <id>'`);
  }
  const { status: statuses, workspace } = opts;
  const select = statuses === undefined ? undefined : () => selectInterns(deps, statuses, workspace);
  return () => givenTargets(deps, declared.confirmation.noun, words, select);
}

export const run: RunFor<typeof spec> = async (input) => {
  const { spec: declared, args, opts, deps } = input;
  const targets = internsToSuspend(input);
  const words = args.ids;
  const many = words.length > 1 || words.includes('-') || opts.status !== undefined || opts.dryRun;
  const { confirmation } = declared;
  if (!many) return suspendOne(deps, confirmation, commandName(declared), words[0], opts.yes);
  await runMany(deps, suspendOf(confirmation), {
    targets,
    yes: opts.yes,
    dryRun: opts.dryRun,
    strict: opts.strict,
    concurrency: opts.concurrency,
    question: (targets) => question(deps, confirmation, targets),
  });
};

function lostHint(id: string): string {
  return `before trying again, check with: gwctl interns get ${shellWord(id)}`;
}

/** One id as an argument: exactly as the first release did it. */
async function suspendOne(deps: Deps, words: Words, command: string, given: string | undefined, yes: boolean): Promise<void> {
  // Refuse before anything is sent, even the lookup of the intern's name.
  if (!yes && !deps.prompter.interactive) await confirmOrRefuse(deps, false, async () => '');
  // The picker offers every intern, each marked with its status: the API document names no status
  // that cannot be suspended, so the choice stays with the person (docs/fleets.md).
  const id = await internIdOrPick(deps, given, 'suspend', { usage: `gwctl ${command} <id>` });
  let name: string | undefined;
  await confirmOrRefuse(deps, yes, async () => {
    const { data } = await fetchChecked(deps, routes.getIntern, { params: { id } }, Intern);
    name = data.name;
    return `${words.action} ${words.noun} "${sanitizeField(data.name)}" (${sanitizeField(data.status)})? ${words.consequenceOfOne ?? words.consequence}`;
  });
  // Without the question (--yes) the name is read as a many-target run reads it: only for a
  // person who will see it, and the suspension goes on by id when it cannot be read.
  if (name === undefined && namesShown(deps)) name = await nameOf(deps, id);
  const { body } = await fetchChecked(deps, routes.suspendIntern, { params: { id }, ifAnswerLost: lostHint(id) }, SuspendResult);
  await deps.printer.detail({
    body,
    view: {
      kind: 'text',
      // Wrapped between words: a terminal would break the id where the line ends.
      terminal: `${wrapToWidth(`Suspended intern ${name === undefined ? sanitizeField(id) : `${sanitizeField(name)} (${sanitizeField(id)})`}.`, deps.io.columns).join('\n')}\n`,
      piped: `${sanitizeField(id)}\tsuspended\n`,
    },
  });
}

/** How many, and the first of them by name and id. */
async function question(deps: Deps, words: Words, targets: readonly Target[]): Promise<string> {
  const first = targets[0]!;
  // Best effort: the question still says the id when the name cannot be read.
  const name = first.name ?? (await nameOf(deps, first.id));
  const who = name === undefined ? sanitizeField(first.id) : `"${sanitizeField(name)}" (${sanitizeField(first.id)})`;
  const count = targets.length === 1 ? words.noun : `${targets.length} ${words.nouns}`;
  const rest = targets.length > 1 ? `, starting with ${who}` : ` ${who}`;
  return `${words.action} ${count}${rest}? ${targets.length === 1 ? (words.consequenceOfOne ?? words.consequence) : words.consequence}`;
}
