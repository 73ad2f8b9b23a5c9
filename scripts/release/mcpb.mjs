// The MCP bundle (`gwctl-<version>.mcpb`, a zip that Claude Desktop installs in one step): the npm
// package as packed (dist/ needs nothing installed), a server entry that runs `gwctl mcp` with
// the person's settings (mcpb-server.mjs), the icon and manifest.json. Packed by the bundle
// format's own tool, `mcpb pack`, which checks the manifest against its schema first.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROJECT, ROOT } from './project.mjs';

const MCPB = path.join(ROOT, 'node_modules', '.bin', 'mcpb');

/** What the built gwctl manages, as its `help --json` says it (`endpoints, presets, …`): one home for the list, the registry. */
function managedGroups() {
  const help = JSON.parse(execFileSync(process.execPath, [path.join(ROOT, 'bin', 'gwctl.js'), 'help', '--json'], { encoding: 'utf8' }));
  return help.summary.replace(/^manage a model-inference gateway: /, '');
}

/** manifest.json of the bundle. */
export function bundleManifest() {
  return {
    manifest_version: '0.3',
    name: PROJECT.name,
    display_name: 'gwctl',
    version: PROJECT.version,
    description: "The model-inference gateway's management API as MCP tools: read-only unless allowed",
    long_description:
      `gwctl's MCP server: the gateway's ${managedGroups()}, ` +
      'as tools named <group>_<verb>. Read-only unless "Allow changes" is on; then every change is previewed first, ' +
      'asked of you before it is made, and logged to mcp-audit.jsonl in the config folder.',
    author: { name: PROJECT.author, url: PROJECT.homepage },
    repository: { type: 'git', url: PROJECT.repository },
    homepage: PROJECT.homepage,
    documentation: `${PROJECT.repository}/blob/main/docs/agents.md`,
    support: `${PROJECT.repository}/issues`,
    icon: 'icon.png',
    server: {
      type: 'node',
      entry_point: 'server/index.mjs',
      mcp_config: {
        command: 'node',
        args: ['${__dirname}/server/index.mjs'],
        env: {
          GWCTL_MCPB_PROFILE: '${user_config.profile}',
          GWCTL_MCPB_ALLOW_DESTRUCTIVE: '${user_config.allow_destructive}',
          GWCTL_MCPB_MANAGEMENT_KEY: '${user_config.management_key}',
        },
      },
    },
    tools_generated: true,
    keywords: ['gateway', 'inference', 'llm', 'management-api', 'cli'],
    license: PROJECT.license,
    compatibility: {
      platforms: ['darwin', 'win32', 'linux'],
      runtimes: { node: PROJECT.nodeRange },
    },
    user_config: {
      profile: {
        type: 'string',
        title: 'Profile',
        description: 'The gwctl profile to use (its base URL and keys, as `gwctl config` keeps them)',
        required: false,
        default: 'default',
      },
      allow_destructive: {
        type: 'boolean',
        title: 'Allow changes',
        description:
          'Also serve the tools that change something (gwctl mcp --allow-destructive); each change is previewed and asked of you first',
        required: false,
        default: false,
      },
      management_key: {
        type: 'string',
        title: 'Management key',
        description: "A management key for this bundle alone; empty: the profile's key",
        required: false,
        sensitive: true,
      },
    },
  };
}

/** Writes the bundle to `out` from the unpacked npm package (`package/` of the tarball). */
export function writeBundle(unpackedPackage, out) {
  const stage = mkdtempSync(path.join(os.tmpdir(), 'gwctl-mcpb-'));
  try {
    execFileSync('cp', ['-R', `${unpackedPackage}/.`, stage]);
    mkdirSync(path.join(stage, 'server'));
    copyFileSync(path.join(import.meta.dirname, 'mcpb-server.mjs'), path.join(stage, 'server', 'index.mjs'));
    copyFileSync(path.join(ROOT, 'release', 'icon.png'), path.join(stage, 'icon.png'));
    writeFileSync(path.join(stage, 'manifest.json'), `${JSON.stringify(bundleManifest(), null, 2)}\n`);
    execFileSync(MCPB, ['pack', stage, out], { stdio: ['ignore', 'ignore', 'inherit'] });
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}
