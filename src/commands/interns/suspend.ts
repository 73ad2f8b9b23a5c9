import { arg, option } from '../../core/options.js';
import { defineSpec } from '../../core/spec.js';

export const spec = defineSpec({
  path: ['interns', 'suspend'],
  summary: 'Suspend an intern: stop its runtime, keep its disk and configuration',
  description: 'Asks for confirmation on a terminal; --yes skips it. Without a terminal, --yes is required.',
  // Checked by the implementation, after the confirmation rule: without --yes and a terminal, nothing else matters.
  args: { id: arg.optional({ name: 'id', description: 'intern id (on a terminal, pick one when left out)', complete: 'intern' }) },
  options: { yes: option.flag('-y, --yes', 'suspend without asking') },
  examples: ['gwctl interns suspend 7c9e6679-7425-40de-944b-e07fc1f90ae7', 'gwctl interns suspend 7c9e6679-7425-40de-944b-e07fc1f90ae7 --yes'],
});
