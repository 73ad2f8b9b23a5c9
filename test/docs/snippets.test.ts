// The shell snippets of README.md and docs/ that a person would paste: each ```sh block is either
// run here as written, with bash and the built gwctl on PATH, in a fresh folder, HOME and config
// folder, and must exit 0; or named below with the reason it is not (it installs something, or
// holds a placeholder). A new block is one or the other, or this test fails.
//
// "As written", but for one thing: the port. A snippet that uses the sandbox's default port 4010
// gets a free one instead, so that two test runs on one machine never meet; and the quick start's
// `gwctl sandbox` (no --port) is given that port.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gwctlShellCommand, ROOT } from '../kit/spawn.js';

interface Snippet {
  page: string;
  /** The block's first line: its name here. */
  first: string;
  text: string;
}

const PAGES = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

function snippetsOf(page: string): Snippet[] {
  const text = readFileSync(path.join(ROOT, page), 'utf8');
  return [...text.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => ({ page, first: m[1]!.split('\n')[0]!, text: m[1]! }));
}
const SNIPPETS = PAGES.flatMap(snippetsOf);
const nameOf = (s: Snippet) => `${s.page}: ${s.first}`;

/** How a run snippet is set up: nothing, or a sandbox of the test's on the port the snippet's 4010 becomes. */
type Setup = { sandbox?: boolean; files?: Record<string, string> };

// What an earlier run leaves: the ready line of a sandbox that is gone (a wait loop must not take it).
const EARLIER_RUN = {
  'sandbox.json':
    '{"base_url":"http://127.0.0.1:9/api/v1","keys":{"management":"gw-sandbox-key-management","api":"gw-sandbox-key-api"},"examples":{"batches":{"completed":"batch_gone"}}}\n',
};

const QUICK_START_SANDBOX =
  'README.md: gwctl sandbox --churn 30                             # listens on 127.0.0.1:4010; 30 changes a minute for --watch';
const RUN: Record<string, Setup> = {
  // The quick start's second block runs against its first (started by the test, on a free port).
  [QUICK_START_SANDBOX]: {},
  'README.md: gwctl config set base-url http://127.0.0.1:4010/api/v1 --profile sandbox   # a profile that talks to the sandbox': {
    sandbox: true,
  },
  'docs/sandbox.md: gwctl sandbox --port 4010 &': {},
  'docs/sandbox.md: ready=$(mktemp)                                    # a new, empty file: no line left by an earlier run': {
    files: EARLIER_RUN,
  },
  'docs/sandbox.md: S=http://127.0.0.1:4010/_sandbox': { sandbox: true },
  'docs/scripting.md: ready=$(mktemp)                                    # a new, empty file: no line left by an earlier run': {
    files: { ...EARLIER_RUN, 'my-script.sh': '#!/bin/sh\nset -e\ngwctl interns ls --limit 2\ngwctl auth status\n' },
  },
  'docs/completion.md: gwctl --help                 # the commands, global options and environment': {},
  'docs/scripting.md: TRACEPARENT=00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01 gwctl --sandbox byok ls --debug': {},
};

const NOT_RUN: Record<string, string> = {
  'docs/install.md: npm install -g --prefix ~/.local ./gwctl-0.1.0.tgz   # gwctl in ~/.local/bin; as root, without --prefix: /usr/local/bin':
    "installs a release's tarball (test/release/ installs it, test/pack/ installs what npm pack makes)",
  'docs/install.md: brew tap-new "$USER/gwctl" && cp gwctl.rb "$(brew --repository "$USER/gwctl")/Formula/"':
    'needs Homebrew (test/release/ checks the formula with ruby -c)',
  'docs/install.md: minisign -Vm SHA256SUMS -P RWQ/79LJWwIMT7+MEAH1jESQgwAF30cpJpj7q3Y/rNeVVZvKV73QEsRS   # must say: Signature and comment signature verified':
    'needs a signed release (test/release/ checks one with minisign -Vm)',
  'docs/install.md: GWCTL_RELEASE_URL=https://downloads.example.com/gwctl/v0.1.0 GWCTL_RELEASE_KEY=~/.minisign/gwctl.key npm run release':
    'builds every executable (minutes) and needs the secret key (test/release/ makes a release)',
  'README.md: npm ci && npx gwctl --sandbox interns ls    # set up, then list interns on the built-in sandbox API':
    'installs from the registry (test/pack/ installs the package)',
  'README.md: npm install -g --prefix ~/.local "$(npm pack --silent)"             # gwctl in ~/.local/bin':
    'installs from the registry (test/pack/ runs it after npm ci, in a fresh HOME)',
  'README.md: git clone <this repository> gwctl && cd gwctl': 'a placeholder for the repository; installs (test/pack/)',
  'README.md: cd dist-bin && sha256sum -c gwctl-linux-x64.sha256 && install -m 755 gwctl-linux-x64 ~/.local/bin/gwctl':
    'needs the standalone build (npm run build:binary, minutes)',
  'docs/install.md: git clone <this repository> gwctl && cd gwctl': 'a placeholder for the repository; installs (test/pack/)',
  'docs/install.md: npm pack                                             # gwctl-0.1.0.tgz': 'installs globally (test/pack/)',
  'docs/install.md: sha256sum -c gwctl-linux-x64.sha256     # must print: gwctl-linux-x64: OK': 'needs the standalone build',
  'docs/install.md: npm ci': 'builds the standalone executable (minutes, downloads Node)',
  'docs/install.md: npm ci                                        # in a clone: install and build dist/': 'installs globally (test/pack/)',
  'docs/development.md: npm ci            # install and build': 'runs the whole suite',
  'docs/development.md: npm run generate': 'rewrites the generated files of the checkout',
  "docs/development.md: node scripts/fetch-node.mjs 20 22 24 26       # prints each binary's path; skips those already there":
    'downloads Node binaries and runs the whole suite',
  'docs/completion.md: mkdir -p ~/.local/share/bash-completion/completions':
    "installs into the shell's set-up (test/completions/ covers the scripts)",
  'docs/completion.md: mkdir -p ~/.zfunc': "installs into the shell's set-up (test/completions/ covers the scripts)",
  'docs/completion.md: gwctl completion fish > ~/.config/fish/completions/gwctl.fish':
    "installs into the shell's set-up (test/completions/ covers the scripts)",
  'docs/commands.md: gwctl endpoints get 5b1c4c4e-7d0a-4a8e-9f3a-2d6c1b0e8a11':
    'a tour of commands with placeholders (body.json, batch_abc123)',
  'docs/commands.md: gwctl interns ls                                           # one page (50); a hint on stderr says how to get the next':
    'a tour of commands with placeholders ($id)',
  'docs/commands.md: gwctl byok ls': 'a tour of commands with placeholders',
  'docs/commands.md: gwctl batches get batch_abc123': 'a placeholder batch id',
  'docs/commands.md: gwctl presets create support-bot --file body.json': 'a placeholder body.json',
  'docs/commands.md: gwctl auth login                                        # masked prompt; checked, then kept in the OS credential store':
    'asks at a terminal (test/e2e/tty-prompts.test.ts)',
  'docs/commands.md: gwctl api credits                                     # GET, the management key': 'routes the sandbox does not serve',
  'docs/fleets.md: gwctl interns suspend ID1 ID2 ID3 --yes                      # ids as arguments': 'placeholder ids',
  'docs/fleets.md: gwctl interns wait ID --for status=running                          # default timeout 10m, poll every 2s':
    'placeholder ids',
  'docs/output.md: gwctl interns ls --all --jq \'.data[] | select(.status == "failed") | .id\'': 'a placeholder ($id)',
  "docs/sandbox.md: gwctl sandbox --fault 'GET /interns 503 retry-after=1 times=2'   # two 503s with Retry-After: 1, then normal":
    'serves until interrupted, one command a line',
  'docs/scripting.md: #!/usr/bin/env bash': 'a script for a real account',
  'docs/security.md: curl -H "Authorization: Bearer $(gwctl auth token)" "$(gwctl auth status --json --offline | jq -r .base_url.value)/byok"':
    'a real account',
  'docs/watching.md: gwctl interns ls --watch                         # every intern, every page, every 2 s':
    'runs until Ctrl-C (test/terminal/watch.test.ts)',
  'docs/watching.md: gwctl sandbox --churn 60': 'runs until Ctrl-C (test/terminal/watch.test.ts)',
  'docs/agents.md: gwctl mcp                                   # stdio: what an MCP client starts':
    'serves an MCP client on stdin until it ends (test/e2e/mcp.test.ts)',
  'docs/agents.md: npx @modelcontextprotocol/inspector --cli gwctl mcp --sandbox --method tools/list':
    'fetches the MCP Inspector from the registry (the SDK client of test/e2e/mcp.test.ts stands in for it)',
  'docs/networks.md: export HTTPS_PROXY=http://proxy.corp.example:3128': 'a placeholder proxy (test/e2e/networks.test.ts runs a real one)',
  'docs/watching.md: gwctl interns ls --watch': 'runs until Ctrl-C (test/terminal/watch.test.ts)',
};

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A fresh folder with `gwctl` on PATH (the built one), HOME and the config folder inside it. */
function place(files: Record<string, string> = {}): { dir: string; env: Record<string, string> } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gwctl-snippet-'));
  const bin = path.join(dir, '.bin');
  mkdirSync(bin);
  writeFileSync(path.join(bin, 'gwctl'), `#!/bin/sh\nexec ${gwctlShellCommand()} "$@"\n`);
  chmodSync(path.join(bin, 'gwctl'), 0o755);
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(dir, name), text);
    chmodSync(path.join(dir, name), 0o755);
  }
  const env = {
    PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}`,
    HOME: dir,
    GWCTL_CONFIG_DIR: path.join(dir, 'config'),
    LANG: 'C.UTF-8',
  };
  return { dir, env };
}

/** Runs a snippet with bash, stopping at the first failing line; its background jobs are ended after it. */
function runSnippet(
  text: string,
  dir: string,
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const script = `set -e\ntrap 'kill $(jobs -p) 2>/dev/null || true' EXIT\n${text}`;
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('the shell snippets of README.md and docs/', () => {
  it('each is run here or named with the reason it is not', () => {
    const unknown = SNIPPETS.map(nameOf).filter((name) => !(name in RUN) && !(name in NOT_RUN));
    expect(unknown).toEqual([]);
    const gone = [...Object.keys(RUN), ...Object.keys(NOT_RUN)].filter((name) => !SNIPPETS.some((s) => nameOf(s) === name));
    expect(gone).toEqual([]);
  });

  const runnable = SNIPPETS.filter((s) => nameOf(s) in RUN && nameOf(s) !== QUICK_START_SANDBOX);
  it.each(runnable.map((s) => [nameOf(s), s] as const))('%s', { timeout: 120_000 }, async (_name, snippet) => {
    const setup = RUN[nameOf(snippet)]!;
    const port = await freePort();
    const { dir, env } = place(setup.files);
    let sandbox: ReturnType<typeof spawn> | undefined;
    let sandboxErrors = '';
    if (setup.sandbox) {
      // The quick start's own first block, as the person started it, on the free port.
      const first = snippetsOf(snippet.page).find((s) => nameOf(s) === QUICK_START_SANDBOX)?.text ?? 'gwctl sandbox\n';
      // Its stderr is the test's, not the runner's: the interruption that ends it below is said there.
      sandbox = spawn('bash', ['-c', `exec ${first.trim().replace(/^gwctl sandbox/, `gwctl sandbox --port ${port}`)}`], {
        cwd: dir,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      sandbox.stderr!.setEncoding('utf8').on('data', (d: string) => (sandboxErrors += d));
      await new Promise<void>((resolve) => {
        let seen = '';
        sandbox!.stdout!.setEncoding('utf8').on('data', (d: string) => {
          seen += d;
          if (seen.includes(`127.0.0.1:${port}`)) resolve();
        });
      });
    }
    try {
      const run = await runSnippet(snippet.text.replace(/\b4010\b/g, String(port)), dir, env);
      expect({ code: run.code, stderr: run.code === 0 ? '' : run.stderr }, run.stdout).toEqual({ code: 0, stderr: '' });
    } finally {
      if (sandbox && sandbox.exitCode === null) {
        const ended = new Promise((resolve) => sandbox!.once('exit', resolve));
        sandbox.kill('SIGINT');
        await ended;
      }
    }
    // Ended as a person ends it, with Ctrl-C: nothing else said.
    if (sandbox) expect(sandboxErrors).toBe('gwctl: interrupted\n');
  });

  it('none leaves a process behind', () => {
    const left = spawnSync('pgrep', ['-f', 'gwctl-snippet-'], { encoding: 'utf8' });
    expect(left.stdout).toBe('');
  });
});
