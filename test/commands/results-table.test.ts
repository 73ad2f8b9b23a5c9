// A many-target run's results at a narrow terminal: each row still names its target. Names stay
// whole before the id is left out, but a target the run could not name (not found) has only its
// id, so then the id stays and the names are cut.
import { describe, expect, it } from 'vitest';
import { gwctl } from '../kit/cli.js';
import { useSandbox } from '../kit/sandbox.js';

const sandbox = useSandbox();
const MISSING = '00000000-0000-4000-8000-000000000999';

const atSixty = (args: string[], env: Record<string, string>) =>
  gwctl(args, { env: { ...env, NO_COLOR: '1' }, stdoutIsTTY: true, columns: 60 });

describe('interns suspend at 60 columns', () => {
  it('every target named: names whole, the id left out and said so', async () => {
    const sb = sandbox();
    const r = await atSixty(['interns', 'suspend', sb.examples.failed_intern, sb.examples.intern, '--yes'], sb.env());
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toMatch(/^NAME +RESULT$/);
    expect(r.stderr).toContain('1 column hidden (id)');
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
