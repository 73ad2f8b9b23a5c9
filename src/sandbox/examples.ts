// The ids the banner and `--json` line name, so that people and tests have something to try.
import { BATCH_EXAMPLE_KEYS, batchIdFor, type BatchExampleKey } from './data/batches.js';
import { PRIVATE_ENDPOINTS } from './data/endpoints.js';
import { ROLE, type InternCatalog } from './data/interns.js';
import { SEEDED_PRESET_SLUG } from './data/presets.js';
import { TOOLS } from './data/tools.js';
import { PRODUCTION, STAGING } from './data/workspaces.js';

export type Examples = ReturnType<typeof examplesFor>;

export function examplesFor(seed: number, interns: InternCatalog) {
  const tool = TOOLS[0]!;
  return {
    // The intern whose own key is keys.intern (running, with more than 100 secrets).
    intern: interns.idAt(ROLE.own),
    // Suspend answers 409 intern_busy (provisioning).
    busy_intern: interns.idAt(ROLE.provisioning),
    // Status failed, with last_failure_message.
    failed_intern: interns.idAt(ROLE.failed),
    stopped_intern: interns.idAt(ROLE.stopped),
    // Provisioning at the start, running within 10 seconds at pace 1.
    moving_intern: interns.idAt(ROLE.moving),
    private_endpoint: PRIVATE_ENDPOINTS[0]!.id,
    // Draft, with null base_url and null model fields.
    private_endpoint_draft: PRIVATE_ENDPOINTS[1]!.id,
    workspace: PRODUCTION.id,
    workspace_slug: PRODUCTION.slug,
    // A second workspace without budgets.
    workspace_without_budgets: STAGING.slug,
    tool: tool.id,
    tool_alias: tool.aliases[0]!.type,
    preset_slug: SEEDED_PRESET_SLUG,
    batches: Object.fromEntries(BATCH_EXAMPLE_KEYS.map((key) => [key, batchIdFor(seed, key)])) as Record<BatchExampleKey, string>,
    // In progress at the start, completed within 20 seconds at pace 1.
    moving_batch: batchIdFor(seed, 'moving'),
  };
}
