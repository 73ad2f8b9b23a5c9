// `gwctl completion <shell>` and the files in completions/: the committed files are exactly
// what the binary prints (a stale file fails here: run `npm run completions`), and the tree
// they come from holds every command, flag and enum value of this build.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INTERN_STATUSES, KNOWN_PROVIDERS } from '../../src/api/vocabulary.js';
import { commandsFor } from '../../src/cli/run.js';
import { commandTree } from '../../src/cli/completion-tree.js';
import { commands } from '../../src/cli/registry.js';
import { parseFlags, walk } from '../../src/completions/tree.js';
import { gwctl } from '../kit/cli.js';
import { tempConfigDir } from '../kit/spawn.js';
import { COMPLETIONS } from './shells.js';

const FILES = { bash: 'gwctl.bash', zsh: '_gwctl', fish: 'gwctl.fish' } as const;

describe('completions/ matches gwctl completion', () => {
  it.each(Object.entries(FILES))('%s: completions/%s is what gwctl prints (else run npm run completions)', async (shell, file) => {
    const run = await gwctl(['completion', shell]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(readFileSync(path.join(COMPLETIONS, file), 'utf8')).toBe(run.stdout);
  });

  it('the zsh file is an autoloadable #compdef function and the bash file registers _gwctl', () => {
    expect(readFileSync(path.join(COMPLETIONS, '_gwctl'), 'utf8').split('\n')[0]).toBe('#compdef gwctl');
    expect(readFileSync(path.join(COMPLETIONS, 'gwctl.bash'), 'utf8').trimEnd().split('\n').at(-1)).toBe('complete -F _gwctl gwctl');
  });
});

describe('gwctl completion', () => {
  it('refuses an unknown shell with exit 2 and one line naming the shells', async () => {
    const run = await gwctl(['completion', 'tcsh']);
    expect(run).toMatchObject({ code: 2, stdout: '', stderr: 'gwctl: unknown shell "tcsh"; expected one of bash, zsh, fish\n' });
  });

  it('refuses a missing shell with exit 2', async () => {
    const run = await gwctl(['completion']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe("gwctl: missing required argument 'shell'; see 'gwctl completion --help'\n");
  });

  it('shows how to install each script in its help', async () => {
    const run = await gwctl(['completion', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('$ gwctl completion bash > ~/.local/share/bash-completion/completions/gwctl\n');
    expect(run.stdout).toContain('$ gwctl completion zsh > "${fpath[1]}/_gwctl"\n');
    expect(run.stdout).toContain('$ gwctl completion fish > ~/.config/fish/completions/gwctl.fish\n');
  });
});

describe('the completion tree', () => {
  it('has every command of the registry except the hidden one, with its aliases', async () => {
    const tree = commandTree();
    const paths = walk(tree)
      .map(([p]) => p.join(' '))
      .filter((p) => p && !p.startsWith('help'));
    const leaves = [...commands.keys()].filter((k) => !k.startsWith('__'));
    for (const key of leaves) expect(paths).toContain(key);
    expect(paths).not.toContain('__complete');
    const interns = tree.root.commands.find((c) => c.name === 'interns')!;
    expect(interns.commands.find((c) => c.name === 'ls')!.aliases).toEqual(['list']);
  });

  it('takes --status values from INTERN_STATUSES and --provider slugs from KNOWN_PROVIDERS', async () => {
    const tree = commandTree();
    const option = (cmd: string, long: string) =>
      walk(tree)
        .find(([p]) => p.join(' ') === cmd)![1]
        .options.find((o) => o.long === long)!;
    expect(option('interns ls', '--status').value).toEqual({ name: 'statuses', source: { kind: 'words', words: INTERN_STATUSES, list: true } });
    expect(option('byok ls', '--provider').value).toEqual({ name: 'slug', source: { kind: 'words', words: KNOWN_PROVIDERS } });
    expect(tree.globalOptions.find((o) => o.long === '--profile')).toEqual({
      short: '-p',
      long: '--profile',
      description: 'config profile',
      value: { name: 'name', source: { kind: 'dynamic', name: 'profile' } },
    });
  });

  it('reads commander flag syntax', () => {
    expect(parseFlags('-p, --profile <name>')).toEqual({ short: '-p', long: '--profile', value: 'name' });
    expect(parseFlags('--fault <spec...>')).toEqual({ long: '--fault', value: 'spec' });
    expect(parseFlags('--no-color')).toEqual({ long: '--no-color' });
    expect(() => parseFlags('profile')).toThrow('cannot read option flags "profile"');
  });
});

describe('gwctl __complete', () => {
  it('prints the profile names of the config file, sorted, and never names that could run code', async () => {
    const dir = tempConfigDir();
    writeFileSync(
      path.join(dir, 'config.json'),
      JSON.stringify({ profiles: { staging: {}, default: {}, '$(touch pwned)': {}, 'a b': {} } }),
      { mode: 0o600 },
    );
    const run = await gwctl(['__complete', 'profile'], { configDir: dir });
    expect(run).toMatchObject({ code: 0, stdout: 'default\nstaging\n', stderr: '' });
  });

  it('prints nothing, successfully, without a config file or with a broken one', async () => {
    const dir = tempConfigDir();
    expect(await gwctl(['__complete', 'profile'], { configDir: dir })).toMatchObject({ code: 0, stdout: '' });
    writeFileSync(path.join(dir, 'config.json'), '{not json', { mode: 0o600 });
    expect(await gwctl(['__complete', 'profiles'], { configDir: dir })).toMatchObject({ code: 0, stdout: '' });
  });

  it('prints the ids cached for completion, newest first', async () => {
    const dir = tempConfigDir();
    mkdirSync(path.join(dir, 'cache'));
    const now = Date.now();
    const entries = [
      { id: 'batch_new', at: now - 1000 },
      { id: 'batch_old', at: now - 11 * 60 * 1000 },
      { id: 'batch_mid', at: now - 5 * 60 * 1000 },
    ];
    writeFileSync(path.join(dir, 'cache', 'batch-ids.json'), JSON.stringify({ version: 1, entries }));
    expect(await gwctl(['__complete', 'batch'], { configDir: dir })).toMatchObject({ code: 0, stdout: 'batch_new\nbatch_mid\n' });
    expect(await gwctl(['__complete', 'intern'], { configDir: dir })).toMatchObject({ code: 0, stdout: '' });
  });

  it('loads only its own module', () => {
    expect(commandsFor(['__complete', 'intern'])).toEqual(['__complete']);
    expect(commandsFor(['completion', 'bash'])).toEqual(['completion']);
  });

  it('refuses an unknown kind with exit 2, and stays out of help and suggestions', async () => {
    expect(await gwctl(['__complete', 'secrets'])).toMatchObject({ code: 2, stdout: '', stderr: 'gwctl: unknown kind "secrets"; expected profile, intern or batch\n' });
    const help = await gwctl(['--help']);
    expect(help.stdout).not.toContain('__complete');
    const typo = await gwctl(['__completx']);
    expect(typo).toMatchObject({ code: 2, stderr: "gwctl: unknown command '__completx'; see 'gwctl --help'\n" });
  });
});
