// What every part of a release says about the project, read from package.json (its one home):
// name, version, description, licence, where the source is, and where the downloads are.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const DEFAULT_OUT = path.join(ROOT, 'dist-release');

const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

/** The repository's web address (package.json's repository, without npm's git+ and .git). */
const repository = pkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');

export const PROJECT = {
  name: pkg.name,
  version: pkg.version,
  description: pkg.description,
  license: pkg.license,
  author: pkg.author,
  homepage: pkg.homepage,
  repository,
  /** The name of the server in the MCP registry (package.json's mcpName, which the registry checks on npm). */
  mcpName: pkg.mcpName,
  nodeRange: pkg.engines.node,
};

/**
 * Where the release's files are downloaded from: GWCTL_RELEASE_URL, else the repository's
 * release of this version. Every URL in the manifests is this base and a file name.
 */
export function releaseBase(env = process.env) {
  const base = env.GWCTL_RELEASE_URL || `${repository}/releases/download/v${pkg.version}`;
  if (!/^https?:\/\/[^\s/]+/.test(base)) throw new Error(`GWCTL_RELEASE_URL must be an http(s) URL, not ${JSON.stringify(base)}`);
  return base.replace(/\/+$/, '');
}

/** The executables of a release, by platform: the file, and the names each manager gives the platform. */
export const EXECUTABLES = [
  { platform: 'linux-x64', file: 'gwctl-linux-x64', os: 'linux', arch: 'x64' },
  { platform: 'linux-arm64', file: 'gwctl-linux-arm64', os: 'linux', arch: 'arm64' },
  { platform: 'darwin-arm64', file: 'gwctl-darwin-arm64', os: 'darwin', arch: 'arm64' },
  { platform: 'win-x64', file: 'gwctl-win-x64.exe', os: 'win32', arch: 'x64' },
];

/** The newest modification time under a folder. */
function newestUnder(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  return newest;
}

/**
 * The executables of dist-bin/ built after the last change to src/ and package.json (the
 * version): a release takes only these, and the tests of an executable run only on these.
 */
export function freshExecutables(binDir = path.join(ROOT, 'dist-bin')) {
  const sources = Math.max(newestUnder(path.join(ROOT, 'src')), statSync(path.join(ROOT, 'package.json')).mtimeMs);
  return EXECUTABLES.filter((e) => {
    const file = path.join(binDir, e.file);
    return existsSync(file) && statSync(file).mtimeMs >= sources;
  });
}
