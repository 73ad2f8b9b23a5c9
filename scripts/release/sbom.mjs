// The release's SBOM (CycloneDX JSON): what the npm package and the executables hold.
//
// The generator is npm's own `npm sbom` (npm 10 and later): it reads the lockfile npm installs
// from, so the packages, versions, integrities (as hashes), licences and package URLs are the
// ones npm resolved, with no second tool to keep up to date. It describes a dependency tree,
// and most of what gwctl runs is not in its runtime tree but bundled into dist/ at build time:
// the whole tree is asked for, and kept are the packages that are in the release's files:
//   - bundled into dist/ (and into each executable): the packages esbuild's metafile names,
//     which the builds write as the headings of the licence files they ship;
//   - installed beside the npm package: the runtime dependency tree (npm's --omit=dev);
//   - inside the executables: Node.js and each platform's credential store add-on, from their
//     licence file.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT, ROOT } from './project.mjs';

/** `name@version` headings of a licence file written by the builds (`Node.js vX.Y.Z` for Node). */
export function licenceHeadings(file) {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line, i, lines) => lines[i + 1] === '-'.repeat(40))
    .map((line) => line.trim());
}

const NATIVE_KEYRING = '@napi-rs/keyring-linux-x64-gnu';

function installedVersion(name) {
  return JSON.parse(readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;
}

function npmSbom(omitDev) {
  const args = ['sbom', '--sbom-format', 'cyclonedx', '--package-lock-only', ...(omitDev ? ['--omit', 'dev'] : [])];
  return JSON.parse(execFileSync('npm', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 }));
}

/**
 * The SBOM of a release whose executables are given (file names): the npm bundle's packages
 * and runtime dependencies, and for the executables what their licence file names.
 */
export function releaseSbom({ executables, executablesLicences }) {
  const whole = npmSbom(false);
  const runtime = new Set(npmSbom(true).components.map((c) => c['bom-ref']));
  const bundled = new Set(licenceHeadings(path.join(ROOT, 'dist', 'THIRD_PARTY_LICENSES.txt')));
  const inExecutables = executables.length ? licenceHeadings(executablesLicences) : [];
  // The Linux x64 executable carries the add-on npm installed here (scripts/build-binary.mjs),
  // whose licence is the one of @napi-rs/keyring and so not named apart in the licence file.
  if (executables.some((e) => e.platform === 'linux-x64')) inExecutables.push(`${NATIVE_KEYRING}@${installedVersion(NATIVE_KEYRING)}`);
  // gwctl itself is the SBOM's subject (its metadata), not one of its components.
  const wanted = new Set(
    [...runtime, ...bundled, ...inExecutables].filter((ref) => !ref.startsWith('Node.js ') && !ref.startsWith(`${PROJECT.name}@`)),
  );
  const components = whole.components.filter((c) => wanted.has(`${c.name}@${c.version}`));
  // The add-ons for other platforms are not in the lockfile's tree of this machine: as named.
  const known = new Set(components.map((c) => `${c.name}@${c.version}`));
  for (const ref of wanted) {
    if (known.has(ref)) continue;
    const at = ref.lastIndexOf('@');
    const [name, version] = [ref.slice(0, at), ref.slice(at + 1)];
    components.push({
      'bom-ref': ref,
      type: 'library',
      name,
      version,
      scope: 'required',
      purl: `pkg:npm/${name.replace('@', '%40')}@${version}`,
    });
  }
  for (const heading of inExecutables.filter((h) => h.startsWith('Node.js v'))) {
    const version = heading.slice('Node.js v'.length);
    components.push({
      'bom-ref': `node@${version}`,
      type: 'platform',
      name: 'node',
      version,
      description: 'Node.js, inside the standalone executables',
      licenses: [{ license: { id: 'MIT' } }],
      purl: `pkg:generic/node@${version}?download_url=https://nodejs.org/dist/v${version}/`,
    });
  }
  const refs = new Set(components.map((c) => c['bom-ref']));
  const root = whole.metadata.component['bom-ref'];
  for (const c of components)
    c.properties = [...(c.properties ?? []), { name: 'gwctl:in', value: placesOf(c, { runtime, bundled, inExecutables }).join(',') }];
  return {
    ...whole,
    metadata: {
      ...whole.metadata,
      // npm names the root after the folder it ran in.
      component: { ...whole.metadata.component, name: PROJECT.name },
    },
    components: components.sort((a, b) => a['bom-ref'].localeCompare(b['bom-ref'])),
    dependencies: [
      { ref: root, dependsOn: [...refs].sort() },
      ...(whole.dependencies ?? [])
        .filter((d) => refs.has(d.ref))
        .map((d) => ({ ref: d.ref, dependsOn: (d.dependsOn ?? []).filter((r) => refs.has(r)) })),
    ],
  };
}

/** Where a component is: bundled into dist/, installed with the npm package, inside the executables. */
function placesOf(component, { runtime, bundled, inExecutables }) {
  const ref = `${component.name}@${component.version}`;
  const places = [];
  if (bundled.has(ref)) places.push('npm-bundle');
  if (runtime.has(ref)) places.push('npm-dependency');
  if (inExecutables.includes(ref) || (component.name === 'node' && inExecutables.includes(`Node.js v${component.version}`)))
    places.push('executables');
  return places;
}
