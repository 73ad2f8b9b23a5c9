// Commands are registered by their files: the generated list is what scripts/gen-registry.mjs
// writes from src/commands/ (else run npm run registry), and each spec lives where its name says.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedCommands } from '../../src/cli/commands.generated.js';
import { commands, groupSummaries, implementations } from '../../src/cli/registry.js';

const root = path.resolve(import.meta.dirname, '../..');

describe('the command registry', () => {
  it('is what gen-registry writes from src/commands (else run npm run registry)', () => {
    expect(() => execFileSync(process.execPath, [path.join(root, 'scripts/gen-registry.mjs'), '--check'], { stdio: 'pipe' })).not.toThrow();
  });

  it("names each command as its spec's file does: <group>/<verb>.ts is `<group> <verb>`", () => {
    // `__complete` (hidden, for the completion scripts) is complete.ts.
    for (const { file, spec } of generatedCommands) expect([file, spec.path.join('/').replace(/^__/, '')]).toEqual([file, file]);
  });

  it('has one implementation per spec, and a summary for every group', () => {
    expect([...implementations.keys()]).toEqual([...commands.keys()]);
    const groups = new Set([...commands.values()].filter((spec) => spec.path.length === 2).map((spec) => spec.path[0]));
    expect([...groups].sort()).toEqual([...groupSummaries.keys()].sort());
  });

  it('lists commands in help order: groups as their table says, verbs alphabetically, then the top-level ones', () => {
    const keys = [...commands.keys()];
    expect(keys.slice(0, 2)).toEqual(['endpoints get', 'presets create']);
    expect(keys.filter((k) => k.startsWith('interns '))).toEqual(['interns get', 'interns ls', 'interns suspend', 'interns wait']);
    expect(keys.slice(-7)).toEqual(['api', 'completion', 'doctor', 'mcp', 'sandbox', 'version', '__complete']);
  });
});
