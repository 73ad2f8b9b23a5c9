// The script is generated from the command tree, which only the top knows: it comes through Deps.
import type { RunFor } from './context.js';
import type { spec } from './completion.js';

export const run: RunFor<typeof spec> = async ({ args, deps }) => {
  await deps.io.out(await deps.heavy.completionScript(args.shell));
};
