import { configFile } from '../../config/paths.js';
import { printJson } from '../../output/print.js';
import type { RunFor } from '../context.js';
import type { spec } from './path.js';

export const run: RunFor<typeof spec> = async ({ deps }) => {
  const path = configFile(deps.env);
  if (deps.flags.json) await printJson(deps.io, { path });
  else await deps.io.out(`${path}\n`);
};
