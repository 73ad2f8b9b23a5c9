// A many-target run's results at a narrow terminal: each row still names its target by its id,
// whole (the column the command takes, the last to give way): the name and the result are cut
// first, and a target the run could not name (not found) shows its id all the same.
import { describe, expect, it } from 'vitest';
import { gwctl } from '../kit/cli.js';
import { useSandbox } from '../kit/sandbox.js';

const sandbox = useSandbox();
const MISSING = '00000000-0000-4000-8000-000000000999';

const atSixty = (args: string[], env: Record<string, string>) =>
  gwctl(args, { env: { ...env, NO_COLOR: '1' }, stdoutIsTTY: true, columns: 60 });

describe('interns suspend at 60 columns', () => {
  it('every target named: the id whole, the names cut before it goes', async () => {
    const sb = sandbox();
    const r = await atSixty(['interns', 'suspend', sb.examples.failed_intern, sb.examples.intern, '--yes'], sb.env());
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout.split('\n');
    expect(rows[0]).toMatch(/^ID +NAME +RESULT$/);
    expect(rows[1]!.startsWith(`${sb.examples.failed_intern}  `)).toBe(true);
    expect(rows[2]!.startsWith(`${sb.examples.intern}  `)).toBe(true);
    expect(r.stderr).not.toContain('hidden');
  });

  it('a target not found: its row shows its id, whole', async () => {
    const sb = sandbox();
    const r = await atSixty(['interns', 'suspend', sb.examples.failed_intern, MISSING, '--yes'], sb.env());
    expect(r.code).toBe(8);
    const rows = r.stdout.split('\n');
    expect(rows[0]).toMatch(/^ID +NAME +RESULT$/);
    expect(rows[1]!.startsWith(`${sb.examples.failed_intern}  `)).toBe(true);
    expect(rows[2]!.startsWith(`${MISSING}  `)).toBe(true);
    expect(r.stderr).not.toContain('hidden');
  });
});
