// No fact counted by hand: how many operations there are, which groups gwctl manages and which
// tools `gwctl mcp` serves come from the registry (the specs). Prose that lists them is held to it
// here, so that a new operation cannot leave a list behind.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toolNames } from '../../src/cli/mcp/tools.js';
import { commands, managedGroups } from '../../src/cli/registry.js';
import { ROOT } from '../kit/spawn.js';

/** Every Markdown file of the project's docs, and every source file. */
function texts(): { file: string; text: string }[] {
  const walk = (dir: string): string[] =>
    readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return walk(file);
      return /\.(md|ts|mjs)$/.test(entry.name) ? [file] : [];
    });
  const files = ['README.md', 'ARCHITECTURE.md', ...walk('docs'), ...walk('src'), ...walk('scripts')];
  return files.map((file) => ({ file, text: readFileSync(path.join(ROOT, file), 'utf8') }));
}

const NUMBER_WORDS = 'two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen';

describe('facts the registry holds are never counted by hand', () => {
  it('no prose says how many operations, routes, tools or groups there are', () => {
    const counted = new RegExp(`\\b(${NUMBER_WORDS}|\\d+) (API )?(operations|routes|tools|groups)\\b`, 'i');
    const found = texts().flatMap(({ file, text }) =>
      text.split('\n').flatMap((line, i) => (counted.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it('what gwctl manages is said from the registry: --help, help --json, the MCP bundle', () => {
    const groups = managedGroups();
    expect(groups).toMatch(/^endpoints, .* and tools$/);
    for (const spec of commands.values()) if (spec.operation) expect(groups).toContain(spec.path[0] === 'byok' ? 'BYOK' : spec.path[0]);
  });

  it('docs/agents.md names every tool gwctl mcp serves, and no other', () => {
    const doc = readFileSync(path.join(ROOT, 'docs', 'agents.md'), 'utf8');
    const tools = toolNames(commands.values());
    for (const name of tools) expect(doc, name).toContain(`\`${name}\``);
    const named = [...doc.matchAll(/`([a-z]+_[a-z]+)`/g)].map((m) => m[1]!);
    const groups = new Set([...commands.values()].map((spec) => spec.path[0]));
    const toolLike = named.filter((name) => groups.has(name.split('_')[0]!));
    expect(toolLike.filter((name) => !tools.includes(name))).toEqual([]);
  });
});
