// Output shaping through the built gwctl: the jq engine's WebAssembly ships beside its chunk,
// and --jsonl streams every page of the sandbox.
import { describe, expect, it } from 'vitest';
import { runGwctl } from '../kit/spawn.js';

describe('output shaping, as a process', () => {
  it('--jq runs jq over the merged body of every page', async () => {
    const r = await runGwctl(['--sandbox', 'interns', 'ls', '--all', '--jq', '.data | length']);
    expect(r).toMatchObject({ code: 0, stdout: '300\n', stderr: '' });
  });

  it('--jq with a filter that does not compile is exit 2 before anything starts', async () => {
    const r = await runGwctl(['--sandbox', 'interns', 'ls', '--jq', '.data[] |']);
    expect(r).toMatchObject({ code: 2, stdout: '', stderr: '{"error":{"status":null,"message":"invalid --jq filter: syntax error, unexpected end of file","exit_code":2}}\n' });
  });

  it('--jsonl --all prints one item per line for every intern', async () => {
    const r = await runGwctl(['--sandbox', 'interns', 'ls', '--all', '--jsonl', '--limit', '7']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(300);
    expect(new Set(lines.map((l) => (JSON.parse(l) as { id: string }).id)).size).toBe(300);
  });

  it('--columns with --header in a pipe', async () => {
    const r = await runGwctl(['--sandbox', 'budgets', 'ls', 'production', '--columns', 'reset_interval,limit_usd', '--header']);
    expect(r.code).toBe(0);
    const [header, ...rows] = r.stdout.trimEnd().split('\n');
    expect(header).toBe('reset_interval\tlimit_usd');
    for (const row of rows) expect(row).toMatch(/^(daily|weekly|monthly|lifetime|)\t\d+(\.\d+)?$/);
  });
});
