// Every command line the source suggests to a reader (`... as in 'gwctl interns get <id>'`, a
// hint's `run 'gwctl auth login'`, the spec examples help shows) names a real command: each is
// collected from the source's string literals and parsed by the real parser, the commander
// program built from the registry, with every value checked as a run would check it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { commands } from '../../src/cli/registry.js';
import { commandLine } from '../../src/cli/run.js';
import { gwctl } from '../kit/cli.js';
import { ROOT } from '../kit/spawn.js';

const UUID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

/** What a placeholder in a suggestion (`<id>`) or a value filled in by the code (`${id}`) stands for. */
const SAMPLES: Record<string, string> = {
  '<id>': UUID,
  '<workspace>': UUID,
  '<uuid-or-slug>': 'acme',
  '${id}': UUID,
  '${shell}': 'bash',
  '${command}': 'interns suspend',
  '${keys[0]}': 'interns ls',
  '${group}': 'interns',
  '<command>': 'ls',
  "${known ? `${known} ` : ''}": 'interns ',
  '${cursor}': 'c1',
  '${next}': '100',
  '${unlisted.read}': 'batches get batch_abc',
};

interface Suggestion {
  where: string;
  line: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/**
 * A literal's text, each `${expression}` in it standing as a private-use character, and the
 * expressions' source (`id`, `shell`), so that a quote inside an expression is not taken for the
 * end of a quoted command line.
 */
function literalText(node: ts.Node, file: ts.SourceFile): { text: string; expressions: string[] } | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return { text: node.text, expressions: [] };
  if (!ts.isTemplateExpression(node)) return undefined;
  const expressions = node.templateSpans.map((span) => span.expression.getText(file));
  return { text: node.head.text + node.templateSpans.map((span, i) => `${slot(i)}${span.literal.text}`).join(''), expressions };
}
const slot = (i: number): string => String.fromCharCode(0xe000 + i);

/** A whole literal that is a command line: an example in a list, or one of two hints to choose from. */
function standsAlone(node: ts.Node): boolean {
  return ts.isArrayLiteralExpression(node.parent) || ts.isConditionalExpression(node.parent);
}

/** The command a run file implements (`src/commands/interns/ls-run.ts`: `interns ls`); undefined for any other file. */
function ownCommand(file: string): string | undefined {
  const relative = path.relative(path.join(ROOT, 'src', 'commands'), file).split(path.sep);
  const last = relative.at(-1)!;
  if (relative[0] === '..' || !last.endsWith('-run.ts')) return undefined;
  return [...relative.slice(0, -1), last.slice(0, -'-run.ts'.length)].join(' ');
}

/**
 * Command lines in the source: quoted inside a message (`... as in 'gwctl interns get <id>'`),
 * or a whole literal that is one (spec examples, a hint's command).
 */
function suggestions(): Suggestion[] {
  const found: Suggestion[] = [];
  for (const name of sourceFiles(path.join(ROOT, 'src'))) {
    const file = ts.createSourceFile(name, readFileSync(name, 'utf8'), ts.ScriptTarget.Latest, true);
    const own = ownCommand(name);
    const visit = (node: ts.Node): void => {
      const literal = literalText(node, file);
      if (literal !== undefined) {
        const where = `${path.relative(ROOT, name)}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`;
        const shown = (text: string) =>
          text.replace(/[\ue000-\uf8ff]/g, (c) => {
            const expression = literal.expressions[c.charCodeAt(0) - 0xe000]!;
            // A run file names its own command through its spec: the command the file belongs to.
            return expression === 'commandName(declared)' && own !== undefined ? own : `\${${expression}}`;
          });
        if (literal.text.startsWith('gwctl ') && standsAlone(node)) found.push({ where, line: shown(literal.text) });
        for (const m of literal.text.matchAll(/'(gwctl [^'\n]*)'/g)) found.push({ where, line: shown(m[1]!) });
        if (ts.isTemplateExpression(node)) return;
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return found;
}

/** The words a shell would pass, up to the first pipe or redirection. */
function words(line: string): string[] {
  const out: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (const ch of line) {
    if (quote) {
      if (ch === quote) quote = undefined;
      else word = (word ?? '') + ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      word ??= '';
    } else if (ch === ' ' || ch === '\t') {
      if (word !== undefined) out.push(word);
      word = undefined;
    } else if (ch === '|' || ch === '>' || ch === '<' || ch === ';' || ch === '&' || (ch === '#' && word === undefined)) {
      break;
    } else word = (word ?? '') + ch;
  }
  if (word !== undefined && !quote) out.push(word);
  return out;
}

function filled(line: string): string {
  let text = line;
  for (const [placeholder, value] of Object.entries(SAMPLES)) text = text.split(placeholder).join(value);
  return text;
}

/** Parses the words as gwctl would; the command path it reached, `help` for help, or why it failed. */
async function parse(argv: readonly string[]): Promise<string> {
  let ran: string | undefined;
  const program: Command = buildProgram('0.0.0', [...commands.values()], {
    writeOut: () => {},
    writeErr: () => {},
    run: async (spec) => {
      ran = spec.path.join(' ');
    },
  });
  try {
    // As a run reads it: the global options first (cli/command-line.ts), then commander.
    const line = commandLine(argv, {});
    if (line.refused) throw line.refused;
    await program.parseAsync([...line.rest], { from: 'user' });
  } catch (error) {
    const code = (error as { code?: string }).code;
    // Help asked for (`--help`, `help …`) is an answer; help shown for want of a command is not.
    const asked = argv.includes('--help') || argv[0] === 'help';
    if (asked && (code === 'commander.helpDisplayed' || code === 'commander.help')) return 'help';
    return `refused: ${(error as Error).message}`;
  }
  return ran ?? (argv[0] === 'help' ? 'help' : 'no command');
}

describe('suggested command lines', () => {
  const found = suggestions();

  it('are found in the messages, hints and examples', () => {
    const lines = found.map((s) => s.line);
    expect(lines).toContain('gwctl ${command} <id>');
    expect(lines).toContain('gwctl auth login');
    expect(found.length).toBeGreaterThan(50);
  });

  it('use only placeholders and values the test can fill in', () => {
    const unknown = found.flatMap((s) =>
      [
        ...words(filled(s.line))
          .join(' ')
          .matchAll(/\$\{[^}]*\}|<[a-z-]+>/g),
      ].map((m) => `${s.where}: ${m[0]}`),
    );
    expect(unknown).toEqual([]);
  });

  it('each parses as a real command', async () => {
    const failures: string[] = [];
    for (const s of found) {
      const argv = words(filled(s.line));
      expect(argv[0], s.where).toBe('gwctl');
      const outcome = await parse(argv.slice(1));
      if (outcome.startsWith('refused') || outcome === 'no command') failures.push(`${s.where}: ${s.line} -> ${outcome}`);
    }
    expect(failures).toEqual([]);
  });

  it('a line naming a command that does not exist is caught (the check itself)', async () => {
    expect(await parse(['interns', 'show', UUID])).toMatch(/^refused/);
    expect(await parse(['interns'])).toMatch(/^refused/);
    expect(await parse(['interns', 'get', UUID])).toBe('interns get');
  });
});

describe('messages that point somewhere', () => {
  const run = (args: string[]) =>
    gwctl(args, { env: { GWCTL_MANAGEMENT_KEY: 'sk-mgmt-0123456789abcdef', GWCTL_API_KEY: 'sk-api-0123456789abcdef' } });

  it("interns get without an id or a terminal names the command that exists: 'gwctl interns get <id>'", async () => {
    expect(await run(['interns', 'get'])).toMatchObject({
      code: 2,
      stdout: '',
      stderr: "gwctl: missing intern id; give one, as in 'gwctl interns get <id>' (the picker needs a terminal)\n",
    });
  });

  it('interns suspend with no target is its own usage error, before the confirmation rule', async () => {
    const missing = "gwctl: missing intern id; give ids, - to read them from stdin, or --status, as in 'gwctl interns suspend <id>'\n";
    for (const args of [[], ['--yes'], ['--dry-run']]) {
      expect(await run(['interns', 'suspend', ...args])).toMatchObject({ code: 2, stdout: '', stderr: missing });
    }
  });

  it('bare gwctl, and a group without a command, print their help on stdout (exit 0)', async () => {
    const bare = await run([]);
    expect(bare).toMatchObject({ code: 0, stderr: '' });
    expect(bare.stdout).toMatch(/^Usage: gwctl \[options\] \[command\]\n/);
    const group = await run(['interns']);
    expect(group).toMatchObject({ code: 0, stderr: '' });
    expect(group.stdout).toMatch(/^Usage: gwctl interns \[options\] \[command\]\n/);
  });
});
