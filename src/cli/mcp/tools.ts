// The tools of `gwctl mcp`, made from the command specs alone (the data of --help and
// `help --json`): every command whose spec says `tool` is the tool `<group>_<verb>`, its
// arguments and options are typed, described properties in snake_case, and a call's input is
// checked by the same parsers as the command line, in the same order. A new command becomes a
// tool by saying `tool` in its spec.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { usageError } from '../../core/errors.js';
import type { ArgDef, ArgDefs, OptionDef, OptionDefs, ValueInfo } from '../../core/options.js';
import type { AnySpec } from '../../core/spec.js';
import { WATCH_OPTIONS } from '../../core/watch-options.js';

export interface GwctlTool {
  name: string;
  spec: AnySpec;
  /** Changes something: listed only with --allow-destructive, previewed unless `yes`, audited. */
  write: boolean;
  definition: Tool;
}

/** What a tool's `yes` says; the command's --yes and --dry-run follow from it. */
const YES = 'make the change; without it the tool returns the preview that --dry-run prints and changes nothing';

/**
 * Options a tool does not take: the write tools' confirmation and preview (its `yes` decides
 * both), --watch (a stream of changes, not one result) and options that read a local file or
 * stdin (the server's stdin may be the protocol itself).
 */
function servedOption(key: string, def: OptionDef<unknown>): boolean {
  if (key === 'yes' || key === 'dryRun') return false;
  if (def === WATCH_OPTIONS.watch || def === WATCH_OPTIONS.interval) return false;
  return def.complete !== 'file';
}

export function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** The tools of these specs, writes only when allowed; in the registry's order. */
export function toolsOf(specs: Iterable<AnySpec>, allowDestructive: boolean): GwctlTool[] {
  const tools: GwctlTool[] = [];
  for (const spec of specs) {
    if (spec.tool === undefined || spec.path.length !== 2) continue;
    const write = spec.tool === 'write';
    if (write && !allowDestructive) continue;
    tools.push({ name: spec.path.join('_'), spec, write, definition: definition(spec, write) });
  }
  return tools;
}

function definition(spec: AnySpec, write: boolean): Tool {
  const properties: Record<string, object> = {};
  const required: string[] = [];
  for (const [key, a] of Object.entries(spec.args as ArgDefs)) {
    const name = snakeCase(key);
    properties[name] = a.variadic
      ? { type: 'array', items: { type: 'string' }, description: a.description.replace(/, or - to read them from stdin/, '') }
      : { type: 'string', description: a.description };
    if (a.required) required.push(name);
  }
  for (const [key, def] of Object.entries(spec.options as OptionDefs)) {
    if (servedOption(key, def)) properties[snakeCase(key)] = propertySchema(def);
  }
  if (write) properties.yes = { type: 'boolean', description: YES, default: false };
  const options = spec.options as OptionDefs;
  const lines = [spec.summary, ...(spec.description ? [spec.description] : [])];
  if ('all' in options) lines.push('One page unless all is true; the body says how to get the next (next_cursor or has_more).');
  if (write)
    lines.push(`Without yes: true, the preview that --dry-run prints; nothing is changed. Every call is written to the audit log.`);
  // A command that asks before acting (it has --yes) destroys something; one that creates does not.
  const destructive = 'yes' in options;
  return {
    name: spec.path.join('_'),
    title: spec.summary,
    description: lines.join('\n'),
    inputSchema: { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false },
    annotations: write
      ? { readOnlyHint: false, destructiveHint: destructive, idempotentHint: false, openWorldHint: true }
      : { readOnlyHint: true, openWorldHint: true },
  };
}

/**
 * A property's JSON Schema from what the option says of its value (as `help --json` shows it):
 * type, range, choices, default. (Not through help-json.ts: sharing that module with the server
 * would move it, and the code it brings, into the chunk every command loads.)
 */
function propertySchema(def: OptionDef<unknown>): object {
  const { description } = def;
  const info: ValueInfo & { repeatable?: boolean } = {
    ...(def.value ?? { type: 'string' }),
    ...(def.repeatable ? { repeatable: true } : {}),
  };
  const extra = info.default === undefined ? {} : { default: info.default };
  if (info.repeatable) return { type: 'array', items: { type: 'string' }, description, ...extra };
  switch (info.type) {
    case 'boolean':
      return { type: 'boolean', description, ...extra };
    case 'integer':
    case 'number':
      return { type: info.type, description, ...finite('minimum', info.min), ...finite('maximum', info.max), ...extra };
    case 'uuid':
      return { type: 'string', format: 'uuid', description, ...extra };
    case 'list':
      return {
        type: 'array',
        items: { type: 'string', ...(info.choices ? { enum: info.choices } : {}) },
        ...(info.choices && typeof info.max === 'number' ? { maxItems: info.max } : {}),
        description,
        ...extra,
      };
    case 'duration':
      return {
        type: 'string',
        description: `${description}; a duration: 90 (seconds), 1.5s, 5m or 1h, from ${info.min} to ${info.max}`,
        ...extra,
      };
    default:
      return { type: 'string', description, ...extra };
  }
}

function finite(name: string, value: number | string | undefined): object {
  return typeof value === 'number' && Number.isSafeInteger(value) ? { [name]: value } : {};
}

/**
 * A call's input as the command's typed arguments and options, checked by the command's own
 * parsers (arguments first, then options in declaration order), or a usage error (exit 2)
 * naming the property.
 */
export function inputOf(tool: GwctlTool, input: Record<string, unknown>): { args: Record<string, unknown>; opts: Record<string, unknown> } {
  const { spec } = tool;
  const argDefs = Object.entries(spec.args as ArgDefs);
  const optionDefs = Object.entries(spec.options as OptionDefs);
  const known = new Set<string>([
    ...argDefs.map(([key]) => snakeCase(key)),
    ...optionDefs.filter(([k, d]) => servedOption(k, d)).map(([k]) => snakeCase(k)),
  ]);
  if (tool.write) known.add('yes');
  for (const name of Object.keys(input)) if (!known.has(name)) throw usageError(`${tool.name} takes no property "${name.slice(0, 200)}"`);
  const yes = input.yes === true;
  const args: Record<string, unknown> = {};
  for (const [key, def] of argDefs) args[key] = def.parse(argText(snakeCase(key), def, input[snakeCase(key)]));
  const opts: Record<string, unknown> = {};
  for (const [key, def] of optionDefs) {
    const name = snakeCase(key);
    if (key === 'yes') opts[key] = yes;
    else if (key === 'dryRun') opts[key] = !yes;
    else opts[key] = def.parse(servedOption(key, def) ? optionRaw(name, def, input[name]) : undefined, name);
  }
  return { args, opts };
}

/** An argument's value as commander hands it over: a word, or every word of a variadic one. */
function argText(name: string, def: ArgDef<unknown>, value: unknown): string | string[] | undefined {
  if (value === undefined || value === null) return def.variadic ? [] : undefined;
  const words = Array.isArray(value) ? value : [value];
  if (!words.every((w) => typeof w === 'string' || typeof w === 'number'))
    throw usageError(`invalid ${name}: expected ${def.variadic ? 'strings' : 'a string'}`);
  const texts = words.map(String);
  // On the command line `-` reads ids from stdin; a tool names them.
  if (texts.includes('-')) throw usageError(`invalid ${name}: "-" (stdin) is not available to a tool; name the ids`);
  if (!def.variadic && texts.length !== 1) throw usageError(`invalid ${name}: expected one string`);
  return def.variadic ? texts : texts[0];
}

/** An option's value as commander collects it (true for a switch, text, or texts), for the option's own parser. */
function optionRaw(name: string, def: OptionDef<unknown>, value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  const type = def.value?.type ?? 'string';
  if (type === 'boolean') {
    if (typeof value !== 'boolean') throw usageError(`invalid ${name}: expected true or false`);
    return value ? true : undefined;
  }
  const texts = (Array.isArray(value) ? value : [value]).map((v) => {
    if (typeof v !== 'string' && typeof v !== 'number')
      throw usageError(`invalid ${name}: expected ${type === 'list' || def.repeatable ? 'strings' : 'a string or a number'}`);
    return String(v);
  });
  if (def.repeatable) return texts;
  // A list of choices is one comma-separated value on the command line; a list of free values, each one.
  if (type === 'list') return def.value?.choices ? texts.join(',') : texts;
  if (texts.length !== 1) throw usageError(`invalid ${name}: expected one value`);
  return texts[0];
}
