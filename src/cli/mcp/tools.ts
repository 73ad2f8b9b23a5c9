// The tools of `gwctl mcp`, made from the command specs alone (the data of --help and
// `help --json`): every command whose spec says `tool` is the tool `<group>_<verb>`, its
// arguments and options are typed, described properties in snake_case, and a call's input is
// checked by the same parsers as the command line, in the same order. A new command becomes a
// tool by saying `tool` in its spec.
import type { Tool } from '@modelcontextprotocol/server';
import { usageError } from '../../core/errors.js';
import type { ArgDef, ArgDefs, OptionDef, OptionDefs, ValueInfo } from '../../core/options.js';
import { allColumnNames, type AnySpec } from '../../core/spec.js';
import { WATCH_OPTIONS } from '../../core/watch-options.js';
import { ERROR_JSON_SCHEMA } from '../report.js';
import { MAX_TEXT } from './bounds.js';
import { GATEWAY_CURSOR_OPTION, isListSpec, LIST_OUTPUT } from './lists.js';
import { WRITE_OUTPUT } from './result.js';

export interface GwctlTool {
  name: string;
  spec: AnySpec;
  /** Changes something: listed only with --allow-destructive, previewed unless `yes`, audited. */
  write: boolean;
  definition: Tool;
}

/** What a tool's `yes` says; the command's --yes and --dry-run follow from it. */
const YES =
  'make the change, once the person at the client confirms it; without it the tool returns a preview of the targets and changes nothing';
/** The same under --no-confirm, which must never claim that a person confirms. */
const YES_UNCONFIRMED =
  'make the change at once: this server makes writes without a person confirming them (--no-confirm); without it the tool returns a preview of the targets and changes nothing';

/**
 * Options a tool does not take: the write tools' confirmation and preview (its `yes` decides
 * both), --watch (a stream of changes, not one result), the gateway's cursor (the tool's own
 * `cursor` carries it: one cursor per result) and options that read a local file or stdin (the
 * server's stdin may be the protocol itself).
 */
function servedOption(key: string, def: OptionDef<unknown>): boolean {
  // --strict makes a dry run's exit code say that a target would fail; a preview says it per target.
  if (key === 'yes' || key === 'dryRun' || key === 'strict' || key === GATEWAY_CURSOR_OPTION) return false;
  if (def === WATCH_OPTIONS.watch || def === WATCH_OPTIONS.interval) return false;
  return def.complete !== 'file';
}

export function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Which tools a server serves: writes only when allowed, narrowed by --tools and --exclude-tools. */
export interface ToolChoice {
  allowDestructive: boolean;
  /** The operator's --no-confirm: the write tools' texts say that nobody confirms. */
  noConfirm?: boolean;
  only?: readonly string[];
  exclude?: readonly string[];
}

/** Every tool name the specs make, read and write: what --tools and --exclude-tools may name. */
export function toolNames(specs: Iterable<AnySpec>): string[] {
  return [...specs].filter((s) => s.tool !== undefined && s.path.length === 2).map((s) => s.path.join('_'));
}

/** The tools of these specs, as chosen; in the registry's order. A name that is no tool is a usage error. */
export function toolsOf(specs: Iterable<AnySpec>, choice: ToolChoice): GwctlTool[] {
  const all = [...specs];
  const names = toolNames(all);
  for (const [flag, given] of [
    ['--tools', choice.only],
    ['--exclude-tools', choice.exclude],
  ] as const) {
    const unknown = (given ?? []).find((name) => !names.includes(name));
    if (unknown !== undefined)
      throw usageError(`${flag}: no tool ${JSON.stringify(unknown.slice(0, 200))}`, `the tools are ${names.join(', ')}`);
  }
  const tools: GwctlTool[] = [];
  for (const spec of all) {
    if (spec.tool === undefined || spec.path.length !== 2) continue;
    const name = spec.path.join('_');
    const write = spec.tool === 'write';
    if (write && !choice.allowDestructive) continue;
    if (choice.only && !choice.only.includes(name)) continue;
    if (choice.exclude?.includes(name)) continue;
    tools.push({ name, spec, write, definition: definition(spec, write, choice.noConfirm === true) });
  }
  return tools;
}

/** The names of the write tools: the specs that say `tool: 'write'`. */
export function writeToolNames(specs: Iterable<AnySpec>): string[] {
  return [...specs].filter((s) => s.tool === 'write' && s.path.length === 2).map((s) => s.path.join('_'));
}

function definition(spec: AnySpec, write: boolean, noConfirm: boolean): Tool {
  const properties: Record<string, object> = {};
  const required: string[] = [];
  const agent = spec.agent?.properties ?? {};
  for (const [key, a] of Object.entries(spec.args as ArgDefs)) {
    const name = snakeCase(key);
    const description = agent[key] ?? a.description;
    properties[name] = a.variadic
      ? { type: 'array', items: { type: 'string' }, description: description.replace(/, or - to read them from stdin/, '') }
      : { type: 'string', description };
    if (a.required) required.push(name);
  }
  for (const [key, def] of Object.entries(spec.options as OptionDefs)) {
    if (servedOption(key, def)) properties[snakeCase(key)] = propertySchema(def, agent[key]);
  }
  const list = isListSpec(spec);
  if (list) {
    properties.fields = {
      type: 'array',
      items: { type: 'string', enum: allColumnNames(spec) },
      description: 'the fields to keep in each item (default: every field)',
    };
    properties.cursor = {
      type: 'string',
      description: `the next_cursor of an earlier result of this tool: continues after its last item, or at the next page (give it alone, or with fields)`,
    };
  }
  if (write) {
    properties.yes = { type: 'boolean', description: noConfirm ? YES_UNCONFIRMED : YES, default: false };
    properties.cursor = {
      type: 'string',
      description:
        'the next_cursor of a preview or result of this tool that was cut to fit: returns its next part (give it alone; nothing is read or changed)',
    };
  }
  const options = spec.options as OptionDefs;
  const lines = [spec.agent?.summary ?? spec.summary, ...(spec.agent?.description ?? spec.description ?? '').split('\n').filter(Boolean)];
  if ('all' in options) lines.push('One page unless all is true; the result says how to get the next.');
  if (list)
    lines.push(
      `A result stays under ${MAX_TEXT} characters: it returns the items that fit and a next_cursor, which the cursor property continues after the last item returned.`,
    );
  lines.push(
    write
      ? `Without yes: true, returns a preview {preview, changed: false, count, targets} and changes nothing. ${
          noConfirm
            ? 'With yes: true, the change is made at once: this server makes writes without a person confirming them (--no-confirm).'
            : 'With yes: true, the person at the client is asked to confirm.'
        } The result is {preview: false, changed, confirmation, results: [{id, outcome}], summary}. A preview or result longer than ${MAX_TEXT} characters keeps its counts and first targets, says how many more, and gives the rest through next_cursor. Every call is written to the audit log.`
      : "Returns the JSON body of the gateway's answer; an error carries status, reason, retryable and exit_code.",
  );
  // A command that asks before acting (it has --yes) destroys something, unless it only creates.
  const destructive = 'yes' in options && spec.confirmation?.creates !== true;
  return {
    name: spec.path.join('_'),
    title: spec.agent?.summary ?? spec.summary,
    description: lines.join('\n'),
    inputSchema: {
      type: 'object',
      properties: properties as Tool['inputSchema']['properties'],
      ...(required.length ? { required } : {}),
      additionalProperties: false,
    },
    outputSchema: outputOf(write ? WRITE_OUTPUT : list ? LIST_OUTPUT : READ_OUTPUT),
    annotations: write
      ? { readOnlyHint: false, destructiveHint: destructive, idempotentHint: false, openWorldHint: true }
      : { readOnlyHint: true, openWorldHint: true },
  };
}

/**
 * What a tool returns, success and error alike: a client that checks each result's structured
 * content against the schema (the TypeScript SDK 1.x after `tools/list`) receives an error as a result.
 */
function outputOf(success: object): Tool['outputSchema'] {
  return { type: 'object', anyOf: [success, ERROR_JSON_SCHEMA] } as unknown as Tool['outputSchema'];
}

/** A read tool's result: the gateway's JSON body. */
const READ_OUTPUT = { type: 'object' as const, additionalProperties: true };

/**
 * A property's JSON Schema from what the option says of its value (as `help --json` shows it):
 * type, range, choices, default. (Not through help-json.ts: sharing that module with the server
 * would move it, and the code it brings, into the chunk every command loads.)
 */
function propertySchema(def: OptionDef<unknown>, agentText: string | undefined): object {
  const description = agentText ?? def.description;
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
  if (tool.write) known.add('yes').add('cursor');
  if (typeof input.yes !== 'boolean' && input.yes !== undefined) throw usageError('invalid yes: expected true or false');
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
