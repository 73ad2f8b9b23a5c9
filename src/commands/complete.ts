// `gwctl __complete <kind>` (hidden): candidates the completion scripts cannot know in advance.
import { arg } from '../core/options.js';
import { defineSpec } from '../core/spec.js';

export const spec = defineSpec({
  path: ['__complete'],
  summary: 'Print completion candidates for the shell scripts (profile, intern or batch)',
  // Checked by the implementation: an unknown kind is a usage error there.
  args: { kind: arg.required({ name: 'kind', description: 'profile, intern or batch' }) },
  options: {},
  examples: ['gwctl __complete profile', 'gwctl __complete intern'],
});
