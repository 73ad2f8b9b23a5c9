import { configFile } from '../../config/paths.js';
import { printBody } from '../../output/print.js';
import { outputMode } from '../shared/output-mode.js';
import type { RunFor } from '../context.js';
import type { spec } from './path.js';

export const run: RunFor<typeof spec> = async ({ deps }) => {
  const path = configFile(deps.env);
  if (await printBody(outputMode(deps, 'config path'), { path })) return;
  await deps.io.out(`${path}\n`);
};
