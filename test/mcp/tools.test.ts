// The tools `gwctl mcp` makes from the specs, read as an agent reads them: every description
// speaks to an agent (no terminal-only words), every tool has an output schema, the write tools
// are the specs that say so (and only those are named as such in the help and docs/agents.md),
// and a write tool without a dry run or a confirmation does not compile.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toolsOf, writeToolNames } from '../../src/cli/mcp/tools.js';
import { commands } from '../../src/cli/registry.js';
import { spec as mcpSpec } from '../../src/commands/mcp.js';
import { option } from '../../src/core/options.js';
import { defineSpec } from '../../src/core/spec.js';
import { ROOT } from '../kit/spawn.js';

const tools = toolsOf(commands.values(), { allowDestructive: true });

/** Words that make sense only at a terminal or on a command line. */
const TERMINAL_ONLY = [/\bterminal\b/i, /\bpiped?\b/i, /ctrl-c/i, /(^|[\s(`'"])--[a-z]/, /comma-separated/i, /\bstdin\b/i];

function descriptions(): [string, string][] {
  const found: [string, string][] = [];
  for (const tool of tools) {
    const { definition } = tool;
    found.push([tool.name, definition.description ?? ''], [`${tool.name} title`, definition.title ?? '']);
    for (const [name, property] of Object.entries(definition.inputSchema.properties ?? {}))
      found.push([`${tool.name}.${name}`, (property as { description?: string }).description ?? '']);
  }
  return found;
}

describe('the tools as an agent reads them', () => {
  it('no tool or property description uses a terminal-only word', () => {
    const offending = descriptions().filter(([, text]) => TERMINAL_ONLY.some((word) => word.test(text)));
    expect(offending).toEqual([]);
    expect(descriptions().length).toBeGreaterThan(50);
  });

  it('every tool has an object output schema; write tools describe the preview and the result', () => {
    for (const tool of tools) expect(tool.definition.outputSchema, tool.name).toMatchObject({ type: 'object' });
    const write = tools.find((t) => t.name === 'interns_suspend')!;
    expect(JSON.stringify(write.definition.outputSchema)).toContain('"confirmation"');
  });

  it('the write tools are the specs that say so; the help of gwctl mcp and docs/agents.md name no other', () => {
    const writes = writeToolNames(commands.values());
    expect(writes.sort()).toEqual(
      tools
        .filter((t) => t.write)
        .map((t) => t.name)
        .sort(),
    );
    const docs = readFileSync(path.join(ROOT, 'docs', 'agents.md'), 'utf8');
    const toolLike = /\b[a-z]+_(?:suspend|delete|create|ls|get|wait|secrets)\b/g;
    const named = new Set([...docs.matchAll(toolLike), ...(mcpSpec.description ?? '').matchAll(toolLike)].map((m) => m[0]));
    for (const name of named)
      expect(
        tools.map((t) => t.name),
        name,
      ).toContain(name);
    for (const name of writes) expect(docs, name).toContain(name);
  });

  it('--tools and --exclude-tools narrow the tools; an unknown name is refused with the list', () => {
    expect(toolsOf(commands.values(), { allowDestructive: false, only: ['interns_ls', 'interns_suspend'] }).map((t) => t.name)).toEqual([
      'interns_ls',
    ]);
    expect(toolsOf(commands.values(), { allowDestructive: false, exclude: ['interns_ls'] }).map((t) => t.name)).not.toContain('interns_ls');
    expect(() => toolsOf(commands.values(), { allowDestructive: false, only: ['interns_lss'] })).toThrow('--tools: no tool "interns_lss"');
  });

  it('a write spec without a dry run, or without a confirmation, does not compile', () => {
    const confirmation = { action: 'Do', noun: 'thing', nouns: 'things', consequence: 'It is done.', typed: 'boolean' } as const;
    // @ts-expect-error: a write tool needs --dry-run
    defineSpec({ path: ['a', 'b'], tool: 'write', summary: 's', args: {}, options: {}, confirmation, examples: ['x'] });
    // @ts-expect-error: a write tool needs its confirmation
    defineSpec({
      path: ['a', 'b'],
      tool: 'write',
      summary: 's',
      args: {},
      options: { dryRun: option.flag('--dry-run', 'd') },
      examples: ['x'],
    });
    const ok = defineSpec({
      path: ['a', 'b'],
      tool: 'write',
      summary: 's',
      args: {},
      options: { dryRun: option.flag('--dry-run', 'd') },
      confirmation,
      examples: ['x'],
    });
    expect(ok.confirmation).toBe(confirmation);
  });
});
