// `gwctl help --json`: every command, option, exit code and environment variable as one JSON
// object, for programs (and for scripts/gen-docs.mjs, which renders the reference and the
// manual pages from it). Built from the same specs as `--help`, so it cannot drift from them.
import { SETTING_KEYS } from '../config/profile.js';
import { EXIT_CODES } from '../core/exit-codes.js';
import type { ArgDefs, OptionDef, OptionDefs } from '../core/options.js';
import { allColumnNames, commandName, fieldColumns, type AnySpec } from '../core/spec.js';
import { environment, globalOptions } from '../commands/global-options.js';
import { HELP_TOPICS, logicalLines } from './help-topics.js';
import { commands, groupSummaries, managedGroups } from './registry.js';

export const TOOL_SUMMARY = `manage a model-inference gateway: ${managedGroups()}`;

const TOOL_DESCRIPTION = [
  'The command-line tool for the management API of a model-inference gateway, made for people at a terminal (tables, prompts, completion),',
  'for shell scripts and for CI jobs (--json, --jq, --jsonl, stable exit codes, nothing but results on stdout).',
  'With --sandbox any command runs against a built-in, seeded copy of the API, without an account or the network.',
].join('\n');

/** An option as `help --json` describes it: only what it has (a field it lacks is left out). */
function optionInfo(def: Pick<OptionDef<unknown>, 'flags' | 'description' | 'repeatable' | 'value'>, env?: string) {
  const long = /--[\w-]+/.exec(def.flags)?.[0] ?? def.flags;
  const short = /(^|[ ,])(-\w)\b/.exec(def.flags)?.[2];
  const valueName = /<([^>]+)>/.exec(def.flags)?.[1];
  const value = def.value ?? { type: valueName ? 'string' : 'boolean' };
  return {
    flags: def.flags,
    name: long,
    ...(short ? { short } : {}),
    description: def.description,
    type: value.type,
    ...(valueName ? { value_name: valueName } : {}),
    ...(value.min !== undefined ? { min: value.min } : {}),
    ...(value.max !== undefined ? { max: value.max } : {}),
    ...(value.choices ? { choices: value.choices } : {}),
    ...(value.default !== undefined ? { default: value.default } : {}),
    ...(def.repeatable ? { repeatable: true } : {}),
    ...(env ? { env } : {}),
  };
}

function usage(spec: AnySpec): string {
  const args = Object.values(spec.args as ArgDefs).map((a) => {
    const name = a.variadic ? `${a.name}...` : a.name;
    return a.required ? `<${name}>` : `[${name}]`;
  });
  const options = Object.keys(spec.options as OptionDefs).length ? ['[options]'] : [];
  return ['gwctl', ...spec.path, ...args, ...options].join(' ');
}

function commandInfo(spec: AnySpec): Record<string, unknown> {
  const path = commandName(spec);
  return {
    path,
    ...(spec.path.length === 2 ? { group: spec.path[0] } : {}),
    ...(spec.path[spec.path.length - 1]!.startsWith('__') ? { hidden: true } : {}),
    aliases: spec.aliases ?? [],
    summary: spec.summary,
    // One line per line of help as its author meant it (a sentence is never split), for any width.
    ...(spec.description ? { description: logicalLines(spec.description).join('\n') } : {}),
    usage: usage(spec),
    arguments: Object.values(spec.args as ArgDefs).map((a) => ({
      name: a.name,
      description: a.description,
      required: a.required,
      ...(a.variadic ? { variadic: true } : {}),
    })),
    options: Object.values(spec.options as OptionDefs).map((o) => optionInfo(o)),
    // Every name --columns takes; field_columns: those that are the resource's fields beyond the command's own.
    columns: allColumnNames(spec),
    field_columns: fieldColumns(spec),
    // The top level of the JSON it prints, where a --jq path starts.
    ...(spec.shape ? { shape: spec.shape } : {}),
    examples: spec.examples,
    // The API operation it performs, and the MCP tool it is.
    ...(spec.operation ? { operation: { method: spec.operation.method, path: spec.operation.path, key: spec.operation.key } } : {}),
    ...(spec.tool && spec.path.length === 2 ? { mcp_tool: { name: spec.path.join('_'), changes: spec.tool === 'write' } } : {}),
  };
}

/** The whole description, as `gwctl help --json` prints it. */
export function helpModel(version: string): Record<string, unknown> {
  return {
    version,
    summary: TOOL_SUMMARY,
    description: logicalLines(TOOL_DESCRIPTION).join('\n'),
    groups: [...groupSummaries].map(([name, summary]) => ({ name, summary })),
    commands: [...commands.values()].map(commandInfo),
    global_options: Object.values(globalOptions).map((o: OptionDef<unknown>) => optionInfo(o, o.env)),
    help_topics: HELP_TOPICS,
    exit_codes: EXIT_CODES.map(({ code, meaning }) => ({ code, meaning })),
    environment: environment(),
    // The keys of `config get|set|unset`.
    settings: SETTING_KEYS,
  };
}

/** `gwctl help [words] --json`: the whole description, a group's, or a command's entry, by canonical `path`; else undefined. */
export function helpFor(path: readonly string[], version: string): Record<string, unknown> | undefined {
  if (path.length === 0) return helpModel(version);
  const key = path.join(' ');
  const spec = commands.get(key);
  if (spec) return commandInfo(spec);
  const summary = path.length === 1 ? groupSummaries.get(key) : undefined;
  if (summary === undefined) return undefined;
  const members = [...commands.values()].filter((s) => s.path.length === 2 && s.path[0] === key);
  return { name: key, summary, commands: members.map(commandInfo) };
}
