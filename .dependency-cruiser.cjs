// The layers of src/ (see ARCHITECTURE.md), checked on every `npm test`:
//   core  <-  api, config, output  <-  sandbox, completions  <-  commands  <-  cli  <-  main
// A module imports only its own layer or lower ones; no circles; no module that nothing uses.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A circle makes load order matter, and one through the lazy seam (a dynamic import) is still a module that depends on what loads it: none at all.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-orphans',
      severity: 'error',
      comment: 'A module that nothing imports is dead code (the entry and type declarations excepted).',
      from: { orphan: true, path: '^src/', pathNot: ['^src/main\\.ts$', '\\.d\\.ts$'] },
      to: {},
    },
    {
      name: 'core-imports-nothing-of-ours',
      severity: 'error',
      comment: 'core is the floor: errors, exit codes, Io, option parsers, shared patterns.',
      from: { path: '^src/core/' },
      to: { path: '^src/', pathNot: '^src/core/' },
    },
    {
      name: 'api-on-core-only',
      severity: 'error',
      comment: 'The API layer knows nothing about flags, commands, config or output.',
      from: { path: '^src/api/' },
      to: { path: '^src/', pathNot: ['^src/core/', '^src/api/'] },
    },
    {
      name: 'api-knows-no-flags',
      severity: 'error',
      comment: 'The API layer declares no option: flags and their builders (core/options.ts) belong to the specs.',
      from: { path: '^src/api/' },
      to: { path: '^src/core/(options|watch-options)\\.ts$', dependencyTypesNot: ['type-only', 'type-import'] },
    },
    {
      name: 'config-on-core-only',
      severity: 'error',
      from: { path: '^src/config/' },
      to: { path: '^src/', pathNot: ['^src/core/', '^src/config/'] },
    },
    {
      name: 'output-on-core-only',
      severity: 'error',
      from: { path: '^src/output/' },
      to: { path: '^src/', pathNot: ['^src/core/', '^src/output/'] },
    },
    {
      name: 'sandbox-on-core-and-api',
      severity: 'error',
      comment: 'The sandbox shares the API vocabulary, route table and schemas, nothing of the tool around it.',
      from: { path: '^src/sandbox/' },
      to: { path: '^src/', pathNot: ['^src/core/', '^src/api/(vocabulary|routes)\\.ts$', '^src/api/schemas/', '^src/sandbox/'] },
    },
    {
      name: 'completions-given-the-tree',
      severity: 'error',
      comment: 'Completion scripts are generated from a tree they are given; they never look up the registry.',
      from: { path: '^src/completions/' },
      to: { path: '^src/', pathNot: ['^src/core/', '^src/config/', '^src/completions/'] },
    },
    {
      name: 'commands-below-the-cli',
      severity: 'error',
      comment: 'Commands get the registry-free world: core, api, config, output and the id cache.',
      from: { path: '^src/commands/' },
      to: { path: '^src/', pathNot: ['^src/core/', '^src/api/', '^src/config/', '^src/output/', '^src/completions/id-cache\\.ts$', '^src/commands/', '^src/sandbox/server\\.ts$'] },
    },
    {
      name: 'commands-never-load-the-sandbox',
      severity: 'error',
      comment: 'The sandbox server is named by type only; it is loaded through Deps.',
      from: { path: '^src/commands/' },
      to: { path: '^src/sandbox/', dependencyTypesNot: ['type-only', 'type-import'] },
    },
    {
      name: 'specs-are-light',
      severity: 'error',
      comment: 'A spec (src/commands/**/<verb>.ts) is data for help and completion: core and zod-free constants only.',
      from: { path: '^src/commands/', pathNot: ['-run\\.ts$', '^src/commands/(shared/|context\\.ts|presets/body\\.ts|batches/view\\.ts)'] },
      to: {
        path: '^src/|node_modules',
        pathNot: ['^src/core/', '^src/api/vocabulary\\.ts$', '^src/api/fields\\.generated\\.ts$', '^src/config/profile\\.ts$', '^src/commands/[^/]+/key-arg\\.ts$'],
        dependencyTypesNot: ['type-only', 'type-import'],
      },
    },
    {
      name: 'mcp-on-the-v2-sdk-only',
      severity: 'error',
      comment: 'gwctl mcp runs on the v2 SDK (@modelcontextprotocol/server); its types come from there too, never from the v1 SDK.',
      from: { path: '^src/' },
      to: { path: 'node_modules/@modelcontextprotocol/sdk/' },
    },
    {
      name: 'only-the-top-knows-the-registry',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(cli/|main\\.ts$)' },
      to: { path: '^src/cli/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.js', '.mjs', '.cjs', '.d.ts'] },
  },
};
