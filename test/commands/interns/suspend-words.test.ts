// The words a person is asked with come from the spec's confirmation, the one the MCP tool's
// preview and question use too: changed there, they change in the terminal's question and in
// the many-target run's messages, with no second copy in the implementation to forget.
import { afterEach, describe, expect, it } from 'vitest';
import { spec } from '../../../src/commands/interns/suspend.js';
import { gwctl, scriptedPrompter } from '../../kit/cli.js';
import { sandboxRuns } from '../../kit/sandbox.js';

const declared = spec as { confirmation: typeof spec.confirmation };
const original = declared.confirmation;
const OTHER_WORDS = {
  ...original,
  action: 'Pause',
  noun: 'worker',
  nouns: 'workers',
  consequence: 'They pause.',
  consequenceOfOne: 'It pauses.',
};

describe('interns suspend: the confirmation words are the spec', () => {
  const { sandbox } = sandboxRuns();
  afterEach(() => {
    declared.confirmation = original;
  });

  async function runningInterns(count: number): Promise<{ id: string; name: string }[]> {
    const r = await gwctl(['interns', 'ls', '--status', 'running', '--limit', String(count), '--json'], { env: sandbox().env() });
    return (JSON.parse(r.stdout) as { data: { id: string; name: string }[] }).data;
  }

  it('one intern: the action, the noun and the sentence for one', async () => {
    const [intern] = await runningInterns(1);
    declared.confirmation = OTHER_WORDS;
    const prompter = scriptedPrompter({ confirm: [false] });
    const r = await gwctl(['interns', 'suspend', intern!.id], { env: sandbox().env(), prompter, stdinIsTTY: true, stderrIsTTY: true });
    expect(prompter.asked).toEqual([`Pause worker "${intern!.name}" (running)? It pauses.`]);
    expect(r.code).toBe(3);
  });

  it('several: the plural noun and sentence, in the question and the dry run', async () => {
    const [a, b] = await runningInterns(2);
    declared.confirmation = OTHER_WORDS;
    const prompter = scriptedPrompter({ confirm: [false] });
    const asked = await gwctl(['interns', 'suspend', a!.id, b!.id], {
      env: sandbox().env(),
      prompter,
      stdinIsTTY: true,
      stderrIsTTY: true,
    });
    expect(prompter.asked).toEqual([`Pause 2 workers, starting with "${a!.name}" (${a!.id}), "${b!.name}" (${b!.id})? They pause.`]);
    expect(asked.code).toBe(3);
    const dry = await gwctl(['interns', 'suspend', a!.id, b!.id, '--dry-run'], { env: sandbox().env(), stdoutIsTTY: true });
    expect(dry.stderr.replace(/\n/g, ' ')).toContain(
      '2 workers: 2 would be suspended, 0 would fail; nothing was changed, only read (dry run).',
    );
  });
});
