// Writes src/api/fields.generated.ts: for each object schema of src/api/schemas/ whose constant
// a module of src/ imports (`INTERN_FIELDS` is the schema `Intern`), its top-level fields whose
// value is a string, a number, a boolean or null (optional or nullable), each with its kind. Those fields are column names of the views of that resource
// (the contract's "every scalar top-level field is a column name"). And for each whose `_SHAPE`
// constant is imported (`PRIVATE_ENDPOINT_RESPONSE_SHAPE`), its top level as help shows it
// (`{data: {id, status, …}}`), so that help says where a filter's paths start. The schemas are the one
// home of the fields; specs read this zod-free copy, so help and completion load no zod.
//   node scripts/gen-fields.mjs           write the file
//   node scripts/gen-fields.mjs --check   exit 1 if the file differs from what it would write
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { importSources } from './import-sources.mjs';
import { writeGenerated } from './write-generated.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const schemasDir = path.join(root, 'src', 'api', 'schemas');
const target = path.join(root, 'src', 'api', 'fields.generated.ts');

// The schema modules, bundled into one module (zod included) so that the time schemas of
// common.ts are the same objects the resources use.
const modules = readdirSync(schemasDir)
  .filter((f) => f.endsWith('.ts'))
  .sort();
const entry = modules.map((f, i) => `export * as m${i} from './${f}';`).join('\n');
const loaded = await importSources(entry, schemasDir, 'fields-entry.ts');
const common = loaded[`m${modules.indexOf('common.ts')}`];

const defOf = (schema) => schema?._zod?.def;

/** The kind of a scalar field (`text`, `number`, `boolean`, `time`), or undefined for anything else. */
function kindOf(schema) {
  if (schema === common.timestamp || schema === common.epochTime) return 'time';
  const def = defOf(schema);
  if (!def) return undefined;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
      return kindOf(def.innerType);
    case 'string':
    case 'enum':
      return 'text';
    case 'number':
    case 'int':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'literal': {
      const kinds = new Set(def.values.map((v) => (typeof v === 'string' ? 'text' : typeof v)));
      return kinds.size === 1 && ['text', 'number', 'boolean'].includes([...kinds][0]) ? [...kinds][0] : undefined;
    }
    case 'union': {
      const kinds = def.options.map(kindOf);
      if (kinds.some((k) => k === undefined)) return undefined;
      return new Set(kinds).size === 1 ? kinds[0] : 'text';
    }
    default:
      return undefined;
  }
}

const resources = [];
for (const [i, file] of modules.entries()) {
  for (const [name, schema] of Object.entries(loaded[`m${i}`])) {
    const def = defOf(schema);
    if (def?.type !== 'object') continue;
    const fields = Object.entries(def.shape)
      .map(([field, s]) => [field, kindOf(s)])
      .filter(([, kind]) => kind !== undefined);
    if (fields.length) resources.push({ name, file, fields });
  }
}
resources.sort((a, b) => a.name.localeCompare(b.name));

/** The schema under `optional`, `nullable` and `default`. */
const bare = (schema) => {
  const def = defOf(schema);
  return def && ['optional', 'nullable', 'default'].includes(def.type) ? bare(def.innerType) : schema;
};

/** Fields an object's shape names before `…`: enough to tell a resource from its envelope. */
const SHAPE_FIELDS = 5;

/**
 * The top level of what a schema describes, as help shows it: `{data: {id, status, …}}` for a
 * resource in an envelope, `{id, name, …}` for a bare one, `{data: [{id, …}], has_more}` for a
 * list. An object of at most three fields (an envelope) shows what its objects and lists hold; a
 * resource names its first fields only.
 */
function shapeOf(schema, depth = 0) {
  const def = defOf(bare(schema));
  if (def?.type === 'array') {
    const item = defOf(bare(def.element))?.type === 'object' ? shapeOf(def.element, depth) : '…';
    return `[${item}]`;
  }
  if (def?.type !== 'object') return undefined;
  const entries = Object.entries(def.shape);
  const envelope = entries.length <= 3 && depth < 2;
  const named = entries.slice(0, envelope ? entries.length : SHAPE_FIELDS).map(([field, s]) => {
    const inner = envelope ? shapeOf(s, depth + 1) : undefined;
    return inner === undefined ? field : `${field}: ${inner}`;
  });
  return `{${named.join(', ')}${entries.length > named.length ? ', …' : ''}}`;
}

const shapes = [];
for (const [i, file] of modules.entries()) {
  for (const [name, schema] of Object.entries(loaded[`m${i}`])) {
    if (defOf(schema)?.type === 'object') shapes.push({ name, file, shape: shapeOf(schema) });
  }
}
shapes.sort((a, b) => a.name.localeCompare(b.name));

/** `ByokCredential` -> `BYOK_CREDENTIAL_FIELDS` (or `_SHAPE`). */
const constantName = (name, kind = 'FIELDS') => `${name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}_${kind}`;

/** Every .ts file under dir. */
const sources = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );
// The constants the sources import: only those are written (a spec names one, then `npm run registry`).
const IMPORT = /import\s*\{([^}]*)\}\s*from\s*'[./]*api\/fields\.generated\.js'/g;
const wanted = new Set(
  sources(path.join(root, 'src')).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(IMPORT)].flatMap((m) => m[1].split(',').map((n) => n.replace(/^\s*type\s+/, '').trim())),
  ),
);
wanted.delete('');
const unknown = [...wanted].filter(
  (n) => !resources.some((r) => constantName(r.name) === n) && !shapes.some((r) => constantName(r.name, 'SHAPE') === n),
);
if (unknown.length) {
  console.error(`gen-fields: no object schema in src/api/schemas/ for ${unknown.join(', ')}`);
  process.exit(1);
}
const written = resources.filter((r) => wanted.has(constantName(r.name)));
const writtenShapes = shapes.filter((r) => wanted.has(constantName(r.name, 'SHAPE')));

const text = [
  '// Generated by scripts/gen-fields.mjs from the schemas of src/api/schemas/: do not edit; run',
  '// `npm run registry`. For each schema a module imports the constant of, its top-level fields',
  '// whose value is a string, a number, a boolean or null, with their kind (a `time` is ISO 8601',
  '// text or an epoch number): column names a view of the resource offers beyond its own; and for',
  "// each whose `_SHAPE` a module imports, its top level as a command's help shows it.",
  '// Zod-free, so specs can read it.',
  "import type { FieldKind } from '../core/spec.js';",
  '',
  'type FieldKinds = Readonly<Record<string, FieldKind>>;',
  '',
  '',
  ...written.flatMap(({ name, file, fields }) => [
    `/** ${name} (src/api/schemas/${file}): its scalar fields and their kinds. */`,
    `export const ${constantName(name)} = { ${fields.map(([f, k]) => `${f}: '${k}'`).join(', ')} } as const satisfies FieldKinds;`,
  ]),
  ...writtenShapes.flatMap(({ name, file, shape }) => [
    `/** ${name} (src/api/schemas/${file}): its top level, as a command's help shows the JSON it prints. */`,
    `export const ${constantName(name, 'SHAPE')} = '${shape}';`,
  ]),
  '',
].join('\n');

await writeGenerated(target, text, 'gen-fields');
