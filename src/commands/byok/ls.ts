import { BYOK_CREDENTIAL_FIELDS, BYOK_LIST_SHAPE } from '../../api/fields.generated.js';
import { BYOK_PAGE, PROVIDER_SLUG } from '../../api/vocabulary.js';
import { option } from '../../core/options.js';
import { defineSpec } from '../../core/spec.js';

export const spec = defineSpec({
  path: ['byok', 'ls'],
  operation: { name: 'list BYOK credentials', method: 'GET', path: '/byok', key: 'management' },
  aliases: ['list'],
  tool: 'read',
  summary: "List a workspace's provider-key (BYOK) credentials",
  description: 'Labels are masked hints of the stored keys, as the API gives them; the keys themselves are never returned.',
  args: {},
  options: {
    workspace: option.uuid('--workspace <uuid>', "workspace (default: the account's default workspace)"),
    provider: option.pattern(
      '--provider <slug>',
      'only this provider, e.g. openai or amazon-bedrock',
      PROVIDER_SLUG,
      '{name} must be a lowercase-hyphen provider slug such as openai or amazon-bedrock',
      'provider',
    ),
    limit: option.int('--limit <n>', `page size, ${BYOK_PAGE.min}-${BYOK_PAGE.max}`, BYOK_PAGE),
    offset: option.int('--offset <n>', 'credentials to skip (default 0)', { min: 0 }),
    all: option.flag('--all', 'read every page and print one result'),
  },
  columns: ['id', 'provider', 'name', 'label', 'flags', 'sort_order', 'restrictions', 'created_at'],
  fields: BYOK_CREDENTIAL_FIELDS,
  shape: BYOK_LIST_SHAPE,
  examples: [
    'gwctl byok ls',
    'gwctl byok ls --provider openai --workspace 550e8400-e29b-41d4-a716-446655440000',
    "gwctl byok ls --all --json | jq -r '.data[] | select(.disabled) | .name'",
  ],
});
