// docs/sandbox.md promises fixed keys, ids and timings: they must
// be the ones the sandbox serves.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BATCH_TIMINGS, phaseAt, seedMovingBatches } from '../../src/sandbox/data/batch-motion.js';
import { MOVING_INTERN_RUNNING_MS, PROVISIONING_FOR, QUEUED_FOR, STOP_AFTER_MS } from '../../src/sandbox/data/intern-motion.js';
import { useSandbox } from '../kit/sandbox.js';
import { ROOT } from '../kit/spawn.js';

const sandbox = useSandbox();
const reference = readFileSync(path.join(ROOT, 'docs', 'sandbox.md'), 'utf8');

describe('docs/sandbox.md', () => {
  it('names the demo keys and every example id the sandbox serves, the moving ones too', () => {
    const sb = sandbox();
    for (const key of Object.values(sb.keys)) expect(reference).toContain(key);
    const { batches, ...ids } = sb.examples;
    for (const [name, id] of Object.entries(ids)) expect(reference, name).toContain(id);
    for (const status of Object.keys(batches)) expect(reference).toContain(status);
    expect(reference).toContain(`"moving_intern":"…"`);
    expect(reference).toContain(`"moving_batch":"…"`);
  });

  it('gives the timings the sandbox keeps', () => {
    const s = (ms: number): string => String(ms / 1000);
    expect(reference).toContain(`running at ${s(MOVING_INTERN_RUNNING_MS)} s`);
    expect(reference).toContain(`one provisioning step every ${s(MOVING_INTERN_RUNNING_MS / 4)} s`);
    expect(reference).toContain(`${s(STOP_AFTER_MS)} s after the suspend`);
    expect(reference).toContain(
      `leave the queue after ${s(QUEUED_FOR.minMs)} to ${s(QUEUED_FOR.maxMs)} s, then provision for ${s(PROVISIONING_FOR.minMs)} to ${s(PROVISIONING_FOR.maxMs)} s`,
    );
    const { plan } = [...seedMovingBatches(1, 0).values()][0]!;
    const finalizing = (plan.fails.length - plan.doneAtStart) * plan.perRequestMs;
    expect(phaseAt(plan, finalizing - 1).status).toBe('in_progress');
    expect(phaseAt(plan, finalizing).status).toBe('finalizing');
    expect(phaseAt(plan, finalizing + plan.finalizingMs).status).toBe('completed');
    expect(reference).toContain(`finalizing at ${s(finalizing)} s, completed at ${s(finalizing + plan.finalizingMs)} s`);
    expect(reference).toContain(`with ${plan.doneAtStart} of ${plan.fails.length} requests done; one more every ${s(plan.perRequestMs)} s`);
    const t = BATCH_TIMINGS;
    expect(reference).toContain(
      `\`validating\` ${s(t.validatingMs)} s → \`in_progress\`, one request every ${s(t.perRequestMs)} s → \`finalizing\` ${s(t.finalizingMs)} s → \`completed\` (\`failed\` when every request failed); \`cancelling\` ${s(t.cancellingMs)} s → \`cancelled\``,
    );
  });
});
