import { routes } from '../../api/routes.js';
import { Intern, SuspendResult } from '../../api/schemas/intern.js';
import { usageError } from '../../core/errors.js';
import { sanitizeField } from '../../core/sanitize.js';
import { commandName } from '../../core/spec.js';
import { shellWord } from '../../core/suggest.js';
import { wrapToWidth } from '../../output/width.js';
import type { Deps, RunContext, RunFor } from '../context.js';
import { lookUp } from '../shared/expected-outcomes.js';
import { fetchChecked } from '../shared/fetch.js';
import { internIdOrPick, selectInterns } from '../shared/targets.js';
import { givenTargets, runWrite, type Target, writeOf } from '../shared/write.js';
import { spec } from './suspend.js';

type Input = RunContext<typeof spec>;

/** Suspending one intern: what the command, its fleets, its MCP tool and `gwctl api` on its route share. */
export const write = writeOf(spec, {
  doneWord: 'suspended',
  named: true,
  route: routes.internsSuspend,
  schema: SuspendResult,
  // The API answers {"suspended": true} when it suspended the intern; anything else did not.
  unmet: (answer: Partial<SuspendResult> | null) => (answer?.suspended === true ? undefined : 'the answer does not say "suspended": true'),
  ifAnswerLost: (id) => `before trying again, check with: gwctl interns get ${shellWord(id)}`,
  // A read tells only whether the intern is there for this key: the API document names no status
  // that refuses a suspension (its 409 is another operation holding the intern, which no read shows).
  look: (deps, id) =>
    lookUp(
      () => read(deps, id),
      ({ data }) => ({ name: data.name, status: data.status }),
    ),
  targetsOf: (input) => internsToSuspend(input as Input),
  question,
  one: async (deps, target, response) => {
    const { id, name } = target;
    await deps.printer.detail({
      body: response,
      view: {
        kind: 'text',
        // Wrapped between words: a terminal would break the id where the line ends.
        terminal: `${wrapToWidth(`Suspended intern ${name === undefined ? sanitizeField(id) : `${sanitizeField(name)} (${sanitizeField(id)})`}.`, deps.io.columns).join('\n')}\n`,
        piped: `${sanitizeField(id)}\tsuspended\n`,
      },
    });
  },
});

function read(deps: Deps, id: string): ReturnType<typeof fetchChecked<typeof Intern>> {
  return fetchChecked(deps, routes.internsGet, { params: { id } }, Intern);
}

/**
 * The interns an input names, read the same way by this command and by its MCP tool: the input's
 * mistakes are refused at once (before anything is asked or sent); the ids given, or those
 * --status selects, are read when the returned function is called. At a terminal a person who
 * gives none picks one.
 */
function internsToSuspend({ args, opts, deps }: Input): () => Promise<Target[]> {
  const ids = args.ids;
  const command = commandName(spec);
  if (opts.workspace !== undefined && opts.status === undefined)
    throw usageError('--workspace selects interns only together with --status');
  if (opts.status !== undefined && ids.length > 0) throw usageError('give intern ids or --status, not both');
  if (opts.strict && !opts.dryRun)
    throw usageError('--strict applies only with --dry-run', `add --dry-run, as in 'gwctl ${command} <id> --dry-run --strict'`);
  // No target at all is its own mistake, said before the confirmation rule; only a person at a
  // terminal can still pick one.
  if (ids.length === 0 && opts.status === undefined) {
    if (opts.dryRun || !deps.prompter.interactive)
      throw usageError('missing intern id', `give ids, - to read them from stdin, or --status, as in 'gwctl ${command} <id>'`);
    // The picker offers every intern, each marked with its status: the API document names no
    // status that cannot be suspended, so the choice stays with the person (docs/fleets.md).
    return async () => [{ id: await internIdOrPick(deps, undefined, 'suspend', { usage: `gwctl ${command} <id>` }) }];
  }
  const { status: statuses, workspace } = opts;
  const select = statuses === undefined ? undefined : () => selectInterns(deps, statuses, workspace);
  return () => givenTargets(deps, spec.confirmation.noun, ids, select);
}

export const run: RunFor<typeof spec> = (input) => runWrite(write, input);

/** How many to suspend, naming the first few (the one id given as an argument: its name and status, read now). */
async function question(deps: Deps, targets: readonly Target[], single: boolean): Promise<string> {
  const words = spec.confirmation;
  if (single) {
    const target = targets[0]!;
    if (target.name === undefined || target.status === undefined)
      Object.assign(target, await read(deps, target.id).then(({ data }) => ({ name: data.name, status: data.status })));
    return `${words.action} ${words.noun} "${sanitizeField(target.name!)}" (${sanitizeField(target.status!)})? ${words.consequenceOfOne}`;
  }
  const named = await Promise.all(
    targets.slice(0, NAMED).map(async (t) => {
      // Best effort: the question still says the id when the name cannot be read.
      const name =
        t.name ??
        (await read(deps, t.id).then(
          ({ data }) => data.name,
          () => undefined,
        ));
      return name === undefined ? sanitizeField(t.id) : `"${sanitizeField(name)}" (${sanitizeField(t.id)})`;
    }),
  );
  if (targets.length === 1) return `${words.action} ${words.noun} ${named[0]}? ${words.consequenceOfOne}`;
  const more = targets.length - named.length;
  return `${words.action} ${targets.length} ${words.nouns}, starting with ${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}? ${words.consequence}`;
}

/** How many targets a question names. */
const NAMED = 3;
