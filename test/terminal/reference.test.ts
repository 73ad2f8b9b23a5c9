// The generated reference: `gwctl help --json` describes every command `--help` shows, with
// every option, from the same specs; docs/reference/ and man/ are exactly what the specs give
// (a stale page fails here: run `npm run docs`); and every manual page renders without a warning.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import { buildProgram } from '../../src/cli/program.js';
import { commands } from '../../src/cli/registry.js';
import { globalOptions } from '../../src/commands/global-options.js';
import { EXIT_CODES } from '../../src/core/exit-codes.js';
import { gwctl, VERSION } from '../kit/cli.js';
import { ROOT } from '../kit/spawn.js';

interface Described {
  path: string;
  hidden?: boolean;
  options: { flags: string; name: string; type: string }[];
  columns: string[];
  field_columns: string[];
  examples: string[];
}

async function described(): Promise<{ commands: Described[]; global_options: { name: string; env?: string }[]; [k: string]: unknown }> {
  const run = await gwctl(['help', '--json']);
  expect(run.code).toBe(0);
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout);
}

/** Every command of the tree `--help` is made from, with its own options' long names, recursively. */
function walk(command: Command, words: string[] = []): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const sub of command.commands) {
    const path = [...words, sub.name()];
    if (sub.commands.length) for (const [k, v] of walk(sub, path)) found.set(k, v);
    else if (sub.name() !== 'help')
      found.set(
        path.join(' '),
        sub.options.map((o) => o.long ?? ''),
      );
  }
  return found;
}

describe('gwctl help ... --json and --jq', () => {
  it('--jq applies to the help JSON', async () => {
    expect(await gwctl(['help', '--jq', '.version'])).toMatchObject({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
    expect(await gwctl(['help', 'exit-codes', '--jq', '.exit_codes[0].code'])).toMatchObject({ code: 0, stdout: '0\n', stderr: '' });
    expect(await gwctl(['help', 'interns', 'list', '--jq', '.path'])).toMatchObject({ code: 0, stdout: 'interns ls\n', stderr: '' });
  });

  it("a command's help is its entry of help --json; a group's, its commands", async () => {
    const model = await described();
    const run = await gwctl(['help', 'interns', 'ls', '--json']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(run.stdout)).toEqual(model.commands.find((c) => c.path === 'interns ls'));
    const group = await gwctl(['help', 'interns', '--jq', '[.name, (.commands | map(.path) | join(","))] | @tsv']);
    const paths = model.commands.filter((c) => c.path.startsWith('interns ')).map((c) => c.path);
    expect(group).toMatchObject({ code: 0, stdout: `interns\t${paths.join(',')}\n`, stderr: '' });
  });

  it('a filter that does not compile is exit 2 and prints nothing', async () => {
    const run = await gwctl(['help', '--jq', '.[']);
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(run.stderr).toContain('invalid --jq filter');
  });
});

describe('gwctl help --json', () => {
  it('lists every command --help lists, with every option, and the global options, exit codes and environment', async () => {
    const model = await described();
    const tree = walk(buildProgram('0', [...commands.values()], { run: async () => {}, writeOut: () => {}, writeErr: () => {} }));
    const listed = new Map(model.commands.map((c) => [c.path, c]));
    expect([...tree.keys()].sort()).toEqual([...listed.keys()].sort());
    for (const [key, options] of tree) {
      expect(
        listed
          .get(key)!
          .options.map((o) => o.name)
          .sort(),
        key,
      ).toEqual(options.filter((o) => o !== '--help').sort());
      expect(listed.get(key)!.examples.length, key).toBeGreaterThan(0);
    }
    for (const [key, spec] of commands) {
      // The command's own columns, then the fields of its resource it does not already show.
      const fields = Object.keys(spec.fields ?? {}).filter((f) => !(spec.columns ?? []).includes(f));
      expect(listed.get(key)!.columns, key).toEqual([...(spec.columns ?? []), ...fields]);
      expect(listed.get(key)!.field_columns, key).toEqual(fields);
    }
    expect(listed.get('byok ls')!.field_columns).toEqual([
      'workspace_id',
      'disabled',
      'is_byok_only',
      'is_fallback',
      'is_required',
      'declared_zdr',
    ]);
    expect(model.global_options.map((o) => o.name)).toEqual(Object.values(globalOptions).map((o) => /--[\w-]+/.exec(o.flags)![0]));
    expect(model.exit_codes).toEqual(EXIT_CODES.map(({ code, meaning }) => ({ code, meaning })));
    const environment = model.environment as { name: string; description: string }[];
    for (const o of model.global_options) if (o.env) expect(environment.map((e) => e.name)).toContain(o.env);
    for (const name of ['GWCTL_MANAGEMENT_KEY', 'GWCTL_API_KEY', 'GWCTL_CONFIG_DIR'])
      expect(environment.map((e) => e.name)).toContain(name);
    for (const e of environment) expect(e.description, e.name).not.toBe('');
  });

  it('gives each option its value type, and the range, choices or default it has', async () => {
    const model = await described();
    const ls = model.commands.find((c) => c.path === 'interns ls')!;
    expect(ls.options.find((o) => o.name === '--limit')).toMatchObject({ type: 'integer', min: 1, max: 500 });
    expect(ls.options.find((o) => o.name === '--status')).toMatchObject({ type: 'list', choices: expect.arrayContaining(['running']) });
    expect(ls.options.find((o) => o.name === '--all')).toMatchObject({ type: 'boolean' });
    expect(model.global_options.find((o) => o.name === '--timeout')).toMatchObject({ default: 30, env: 'GWCTL_TIMEOUT' });
  });
});

describe('every command --help names the global options in its closing line', () => {
  it.each([...commands.keys()].filter((k) => !k.startsWith('__')))('%s', async (key) => {
    const run = await gwctl([...key.split(' '), '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout.trimEnd().split('\n').slice(-3).join(' ')).toMatch(/^Global options: --json, --jq, .*\(see 'gwctl --help'\)\.$/);
  });
});

describe('docs/reference/ and man/', () => {
  it('are what the specs give (else run npm run docs)', () => {
    const check = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'gen-docs.mjs'), '--check'], { encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  it('no manual page splits a sentence into paragraphs where the source of its help wrapped a line', async () => {
    const model = await described();
    const escaped = (text: string) => text.replace(/\\/g, '\\e').replace(/-/g, '\\-');
    for (const page of readdirSync(path.join(ROOT, 'man'))) {
      const text = readFileSync(path.join(ROOT, 'man', page), 'utf8');
      // A line of text (not a request) that ends in a comma is half a sentence.
      expect(
        text.split('\n').filter((line) => !line.startsWith('.') && /,$/.test(line)),
        page,
      ).toEqual([]);
    }
    // Each line of a description is whole in its page.
    for (const command of model.commands as (Described & { description?: string })[]) {
      if (command.hidden || !command.description) continue;
      const text = readFileSync(path.join(ROOT, 'man', `gwctl-${command.path.replace(/ /g, '-')}.1`), 'utf8');
      for (const line of command.description.split('\n')) if (line.trim()) expect(text, command.path).toContain(escaped(line));
    }
  });

  const groff = spawnSync('groff', ['--version'], { encoding: 'utf8' });
  it.skipIf(groff.error !== undefined)(
    `every page renders without a warning${groff.error ? ' (skipped: groff is not installed)' : ''}`,
    () => {
      for (const page of readdirSync(path.join(ROOT, 'man'))) {
        const rendered = spawnSync('groff', ['-man', '-ww', '-z', path.join(ROOT, 'man', page)], { encoding: 'utf8' });
        expect({ page, status: rendered.status, warnings: rendered.stderr }).toEqual({ page, status: 0, warnings: '' });
      }
    },
  );

  it.skipIf(groff.error !== undefined)(
    `at 60 columns every page's header fits and no word is hyphenated (--status, provisioning)${groff.error ? ' (skipped: groff is not installed)' : ''}`,
    () => {
      for (const page of readdirSync(path.join(ROOT, 'man'))) {
        const rendered = spawnSync('groff', ['-man', '-Tutf8', '-rLL=60n', '-P-c', path.join(ROOT, 'man', page)], { encoding: 'utf8' });
        const lines = rendered.stdout.split('\n');
        const header = lines.find((line) => line.trim() !== '') ?? '';
        expect({ page, header: header.length <= 60 }).toEqual({ page, header: true });
        // groff marks a hyphen it adds to break a word with U+2010; a hyphen of the text stays U+002D.
        expect({ page, hyphenated: lines.filter((line) => line.includes('\u2010')) }).toEqual({ page, hyphenated: [] });
      }
    },
  );
});
