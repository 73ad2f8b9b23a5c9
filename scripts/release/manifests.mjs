// The package managers' manifests of a release, filled with its URLs and checksums: server.json
// for the MCP registry, a Homebrew formula, a Scoop manifest and a winget manifest set. Each is
// written for the executables the release holds; a manager none of whose platforms is there
// gets no manifest (the release says so).
import { stringify } from 'yaml';
import { PROJECT } from './project.mjs';

/** The MCP registry's entry: the npm package (run as `gwctl mcp`) and the bundle, by URL and checksum. */
export function serverJson({ base, bundle }) {
  return {
    $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
    name: PROJECT.mcpName,
    title: 'gwctl',
    description: "A model-inference gateway's management API as tools: read-only unless allowed",
    repository: { url: PROJECT.repository, source: 'github' },
    websiteUrl: PROJECT.homepage,
    version: PROJECT.version,
    packages: [
      {
        registryType: 'npm',
        registryBaseUrl: 'https://registry.npmjs.org',
        identifier: PROJECT.name,
        version: PROJECT.version,
        runtimeHint: 'npx',
        transport: { type: 'stdio' },
        packageArguments: [
          { type: 'positional', value: 'mcp' },
          { type: 'named', name: '--profile', description: 'The gwctl profile to use', isRequired: false, default: 'default' },
        ],
      },
      {
        registryType: 'mcpb',
        identifier: `${base}/${bundle.file}`,
        version: PROJECT.version,
        fileSha256: bundle.sha256,
        transport: { type: 'stdio' },
      },
    ],
  };
}

/** A Ruby string literal: double-quoted, with what Ruby would escape or interpolate (`#{`) escaped. */
function ruby(text) {
  return `"${text.replace(/[\\"]|#(?=[{$@])/g, (c) => `\\${c}`)}"`;
}

/** The Homebrew formula: one executable per platform, with gwctl's shell completions. */
export function homebrewFormula({ base, executables }) {
  const of = (platform) => executables.find((e) => e.platform === platform);
  const block = (indent, e) => [`${indent}url ${ruby(`${base}/${e.file}`)}`, `${indent}sha256 ${ruby(e.sha256)}`];
  const lines = [
    `# Homebrew formula of gwctl ${PROJECT.version}, written by its release (npm run release).`,
    'class Gwctl < Formula',
    `  desc ${ruby(PROJECT.description)}`,
    `  homepage ${ruby(PROJECT.homepage)}`,
    `  version ${ruby(PROJECT.version)}`,
    `  license ${ruby(PROJECT.license)}`,
    '',
  ];
  const mac = of('darwin-arm64');
  if (mac) lines.push('  on_macos do', '    on_arm do', ...block('      ', mac), '    end', '  end', '');
  const linux = [
    ['on_intel', of('linux-x64')],
    ['on_arm', of('linux-arm64')],
  ].filter(([, e]) => e);
  if (linux.length) {
    lines.push('  on_linux do');
    for (const [cpu, e] of linux) lines.push(`    ${cpu} do`, ...block('      ', e), '    end');
    lines.push('  end', '');
  }
  lines.push(
    '  def install',
    '    bin.install Dir["gwctl-*"].first => "gwctl"',
    '    generate_completions_from_executable(bin/"gwctl", "completion")',
    '  end',
    '',
    '  test do',
    '    assert_match "gwctl #{version}", shell_output("#{bin}/gwctl --version")',
    '    assert_match "\\"executable\\": true", shell_output("#{bin}/gwctl version --json")',
    '  end',
    'end',
  );
  return `${lines.join('\n')}\n`;
}

/** The Scoop manifest: the Windows executable, installed as gwctl.exe. */
export function scoopManifest({ base, executable }) {
  return {
    version: PROJECT.version,
    description: PROJECT.description,
    homepage: PROJECT.homepage,
    license: PROJECT.license,
    architecture: {
      '64bit': { url: `${base}/${executable.file}#/gwctl.exe`, hash: executable.sha256 },
    },
    bin: 'gwctl.exe',
  };
}

const WINGET_ID = 'Gwctl.Gwctl';
const WINGET_MANIFEST_VERSION = '1.9.0';

/** The winget manifest set (version, default locale, installer), as YAML texts by file name. */
export function wingetManifests({ base, executable }) {
  const common = { PackageIdentifier: WINGET_ID, PackageVersion: PROJECT.version };
  const schema = (type) =>
    `# yaml-language-server: $schema=https://aka.ms/winget-manifest.${type}.${WINGET_MANIFEST_VERSION}.schema.json\n`;
  const documents = {
    [`${WINGET_ID}.yaml`]: [
      'version',
      { ...common, DefaultLocale: 'en-US', ManifestType: 'version', ManifestVersion: WINGET_MANIFEST_VERSION },
    ],
    [`${WINGET_ID}.locale.en-US.yaml`]: [
      'defaultLocale',
      {
        ...common,
        PackageLocale: 'en-US',
        Publisher: PROJECT.author,
        PublisherUrl: PROJECT.repository,
        PackageName: 'gwctl',
        PackageUrl: PROJECT.homepage,
        License: PROJECT.license,
        LicenseUrl: `${PROJECT.repository}/blob/main/LICENSE`,
        ShortDescription: PROJECT.description,
        Moniker: 'gwctl',
        Tags: ['cli', 'gateway', 'llm', 'mcp'],
        ManifestType: 'defaultLocale',
        ManifestVersion: WINGET_MANIFEST_VERSION,
      },
    ],
    [`${WINGET_ID}.installer.yaml`]: [
      'installer',
      {
        ...common,
        InstallerType: 'portable',
        Commands: ['gwctl'],
        Installers: [{ Architecture: 'x64', InstallerUrl: `${base}/${executable.file}`, InstallerSha256: executable.sha256.toUpperCase() }],
        ManifestType: 'installer',
        ManifestVersion: WINGET_MANIFEST_VERSION,
      },
    ],
  };
  return Object.fromEntries(Object.entries(documents).map(([file, [type, body]]) => [file, schema(type) + stringify(body)]));
}
