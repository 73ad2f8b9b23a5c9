import { configFile } from '../../config/paths.js';
import type { RunFor } from '../context.js';
import type { spec } from './path.js';

export const run: RunFor<typeof spec> = async ({ deps }) => {
  const path = configFile(deps.env);
  await deps.printer.detail({ body: { path }, view: { kind: 'text', terminal: `${path}\n`, piped: `${path}\n` } });
};
