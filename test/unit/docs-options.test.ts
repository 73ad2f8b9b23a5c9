// Every gwctl command line the guides show names options that exist: each `--flag` of a
// `gwctl ...` line (in a code block, or inline) is one of that command's options or a global
// option. The lists of options and settings themselves are generated (scripts/gen-docs.mjs, a
// stale one fails test/terminal/reference.test.ts); this catches the prose around them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commands, verbAliases } from '../../src/cli/registry.js';
import { globalOptions } from '../../src/commands/global-options.js';
import type { OptionDefs } from '../../src/core/options.js';
import { ROOT } from '../kit/spawn.js';

const PAGES = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

const longNames = (defs: OptionDefs) => Object.values(defs).map((o) => /--[\w-]+/.exec(o.flags)![0]);
const GLOBAL = new Set([...longNames(globalOptions as unknown as OptionDefs), '--help', '--version']);
// `--no-color` is declared as `--no-color`; commander also knows `--color`.
GLOBAL.add('--color');

/** The gwctl command lines of a page: code block lines and inline code, quotes blanked, split at pipes and ;. */
function commandLines(text: string): string[] {
  const found: string[] = [];
  const blocks = [...text.matchAll(/```(?:sh|bash|console)?\n([\s\S]*?)```/g)].map((m) => m[1]!);
  const inline = [...text.replace(/```[\s\S]*?```/g, '').matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
  for (const chunk of [...blocks.flatMap((b) => b.replace(/\\\n\s*/g, ' ').split('\n')), ...inline]) {
    const plain = chunk.replace(/#.*$/, '').replace(/'[^']*'|"[^"]*"/g, 'Q');
    for (const part of plain.split(/\||;|&&|\$\(|\)/)) {
      const words = part.trim().split(/\s+/);
      const at = words.indexOf('gwctl');
      if (at >= 0 && at < 3) found.push(words.slice(at).join(' '));
    }
  }
  return found;
}

function commandOf(words: string[]): string | undefined {
  const plain = words.filter((w) => !w.startsWith('-'));
  for (let i = 1; i < plain.length; i++) {
    const verb = plain[i + 1];
    if (verb && commands.has(`${plain[i]} ${verb}`)) return `${plain[i]} ${verb}`;
    if (verb && commands.has(`${plain[i]} ${verbAliases.get(verb) ?? ''}`)) return `${plain[i]} ${verbAliases.get(verb)}`;
    if (commands.has(plain[i]!)) return plain[i];
  }
  return undefined;
}

describe('options named in the guides exist', () => {
  it.each(PAGES)('%s', (page) => {
    const wrong: string[] = [];
    for (const line of commandLines(readFileSync(path.join(ROOT, page), 'utf8'))) {
      const words = line.split(' ');
      const key = commandOf(words);
      const own = key ? new Set(longNames(commands.get(key)!.options as OptionDefs)) : new Set<string>();
      for (const word of words) {
        const flag = word.includes('<Tab>') ? undefined : /^--[a-z][\w-]*/.exec(word)?.[0];
        if (flag && !own.has(flag) && !GLOBAL.has(flag)) wrong.push(`${flag} in: ${line}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('finds the command lines it checks', () => {
    expect(commandLines("```sh\ngwctl interns ls --all --jq '.data[] | .id' | gwctl interns wait - --for status=running\n```\n")).toEqual([
      'gwctl interns ls --all --jq Q',
      'gwctl interns wait - --for status=running',
    ]);
  });
});
