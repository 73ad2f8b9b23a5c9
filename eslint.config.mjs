// Lint: typescript-eslint's recommended rules; two typed rules about promises (no-floating-promises,
// no-misused-promises) over src, tests, scripts and benchmarks; and the one rule that keeps the
// lazy-loading seam single: a dynamic import() is allowed only in src/cli/lazy.ts and its generated
// half, src/cli/commands.generated.ts (the command implementations).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * An environment variable is read through its declaration (core/environment.ts, the options' and
 * the keys' own), never by a name spelt again (`env.HOME`, `deps.env['NO_PROXY']`): then help,
 * the man pages and the test of what gwctl reads all see every variable.
 */
const ENV_READ =
  'read an environment variable through its declaration (readVariable and the constants of core/environment.ts, KEY_VARIABLES, the options)';
const ENVIRONMENT_READS = [
  { selector: "MemberExpression[computed=false][object.name='env'][property.name=/^[A-Za-z][A-Za-z0-9_]*$/]", message: ENV_READ },
  { selector: "MemberExpression[computed=false][object.property.name='env'][property.name=/^[A-Za-z][A-Za-z0-9_]*$/]", message: ENV_READ },
  { selector: "MemberExpression[computed=true][object.name='env'][property.type='Literal']", message: ENV_READ },
  { selector: "MemberExpression[computed=true][object.property.name='env'][property.type='Literal']", message: ENV_READ },
];

export default tseslint.config(
  { ignores: ['dist/', 'dist.*/', 'node_modules/', 'coverage/', 'completions/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        URL: 'readonly',
        AbortController: 'readonly',
        AbortSignal: 'readonly',
        fetch: 'readonly',
        performance: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Typed rules: a promise that is neither awaited nor handled loses its rejection (an unhandled
    // rejection ends the process with a stack trace) and its ordering. `void p` does not count as
    // handled: where dropping a promise is safe, an eslint-disable comment says why. Type
    // information comes from tsconfig.json through the project service. Typing the tests costs
    // little: tsconfig.json includes them, so the program is built either way.
    files: ['**/*.ts', 'scripts/**/*.mjs', 'bench/**/*.mjs'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: false }],
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // The scripts and benchmarks are plain JavaScript, outside tsconfig.json (which tsc checks):
    // their type information comes from a program of their own.
    files: ['scripts/**/*.mjs', 'bench/**/*.mjs'],
    languageOptions: { parserOptions: { projectService: false, project: './tsconfig.scripts.json', tsconfigRootDir: import.meta.dirname } },
  },
  {
    // Tests read the server's answers as parsed JSON and index into them freely; the bodies they
    // send are typed from the schemas (test/kit/bodies.ts). Escape and control-character tests
    // spell control characters in their patterns on purpose.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-control-regex': 'off' },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/cli/lazy.ts', 'src/cli/commands.generated.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression',
          message: 'dynamic import() lives only in the lazy-loading seam: src/cli/lazy.ts and the generated src/cli/commands.generated.ts',
        },
        ...ENVIRONMENT_READS,
      ],
    },
  },
  {
    files: ['src/cli/lazy.ts', 'src/cli/commands.generated.ts'],
    rules: { 'no-restricted-syntax': ['error', ...ENVIRONMENT_READS] },
  },
);
