// The ids the banner and `--json` line name, so that people and tests have something to try.
import { BATCH_EXAMPLE_KEYS, batchIdFor, type BatchExampleKey } from './data/batches.js';
import { PRIVATE_ENDPOINTS } from './data/endpoints.js';
import { ROLE, type InternCatalog } from './data/interns.js';
import { SEEDED_PRESET_SLUG } from './data/presets.js';
import { TOOLS } from './data/tools.js';
import { PRODUCTION, STAGING } from './data/workspaces.js';

export interface Examples {
  /** The intern whose own key is keys.intern (running, with more than 100 secrets). */
  intern: string;
  /** Suspend answers 409 intern_busy (provisioning). */
  busy_intern: string;
  /** Status failed, with last_failure_message. */
  failed_intern: string;
  /** Status stopped. */
  stopped_intern: string;
  /** Provisioning at the start, running within 10 seconds at pace 1. */
  moving_intern: string;
  private_endpoint: string;
  /** Draft, with null base_url and null model fields. */
  private_endpoint_draft: string;
  workspace: string;
  workspace_slug: string;
  /** A second workspace without budgets. */
  workspace_without_budgets: string;
  tool: string;
  tool_alias: string;
  preset_slug: string;
  batches: Record<BatchExampleKey, string>;
  /** In progress at the start, completed within 20 seconds at pace 1. */
  moving_batch: string;
}

export function examplesFor(seed: number, interns: InternCatalog): Examples {
  const tool = TOOLS[0]!;
  return {
    intern: interns.idAt(ROLE.own),
    busy_intern: interns.idAt(ROLE.provisioning),
    failed_intern: interns.idAt(ROLE.failed),
    stopped_intern: interns.idAt(ROLE.stopped),
    moving_intern: interns.idAt(ROLE.moving),
    private_endpoint: PRIVATE_ENDPOINTS[0]!.id,
    private_endpoint_draft: PRIVATE_ENDPOINTS[1]!.id,
    workspace: PRODUCTION.id,
    workspace_slug: PRODUCTION.slug,
    workspace_without_budgets: STAGING.slug,
    tool: tool.id,
    tool_alias: tool.aliases[0]!.type,
    preset_slug: SEEDED_PRESET_SLUG,
    batches: Object.fromEntries(BATCH_EXAMPLE_KEYS.map((key) => [key, batchIdFor(seed, key)])) as Record<BatchExampleKey, string>,
    moving_batch: batchIdFor(seed, 'moving'),
  };
}
