// The commander tree, built from command specs. Global options live on the program, so they
// may stand before or after the command (`gwctl --json interns ls` = `gwctl interns ls --json`).
import { Command, Option } from 'commander';
import type { ArgDefs, OptionDef, OptionDefs } from '../core/options.js';
import { fieldColumns, type AnySpec } from '../core/spec.js';
import { environmentNames, globalOptions } from '../commands/global-options.js';
import { groupSummaries, managedGroups, unlistedGroup } from './registry.js';
import { usageError } from '../core/errors.js';
import { EXIT_CODES } from '../core/exit-codes.js';
import { exitCodesText, HELP_WIDTH, layout, wrap, wrapCommand } from './help-topics.js';
import { load } from './lazy.js';
import { FORMATTING_HELP } from '../output/formatting-help.js';

export interface Handlers {
  /** Runs a command's spec once parsed (its global options are the command line's, command-line.ts). */
  run(spec: AnySpec, args: Record<string, unknown>, opts: Record<string, unknown>): Promise<void>;
  writeOut(text: string): void;
  writeErr(text: string): void;
  /** Build only the top level (root help): groups get no commands of their own. */
  topOnly?: boolean;
  /** Under the global --json (or --jq), `help [command] --json` prints through this. */
  printJson?: (body: unknown) => Promise<void>;
  /** The columns help is laid out for (`helpWidth`; default 80). */
  width?: number;
}

export function buildProgram(version: string, specs: readonly AnySpec[], handlers: Handlers): Command {
  const width = handlers.width ?? HELP_WIDTH.piped;
  const program = new Command('gwctl')
    .description(`Manage a model-inference gateway: ${managedGroups()}.`)
    .version(`gwctl ${version}`, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: handlers.writeOut,
      writeErr: handlers.writeErr,
      // Errors are reported by the caller, in the contract's one-line (or JSON) form.
      outputError: () => {},
      // Given, so that commander never reads process.stdout (building it costs a third of the
      // start-up of --help; core/io.ts). Help is laid out for `width` and drawn without colour.
      getOutHelpWidth: () => width,
      getErrHelpWidth: () => width,
      getOutHasColors: () => false,
      getErrHasColors: () => false,
    })
    // Inherited by every command made below: commander wraps its own parts (options, arguments) to
    // it, even the narrow column beside a long option at 60 columns.
    .configureHelp({ helpWidth: width, minWidthToWrap: 16 });
  program.helpCommand('help [command...]', 'show help for a command');
  program.helpOption('-h, --help', 'show help');
  // Global options are read before commander (cli/command-line.ts) and declared here for help only;
  // positional, so a command's own `--timeout` stays the command's.
  program.enablePositionalOptions();
  for (const def of Object.values(globalOptions)) program.addOption(new Option(def.flags, helpText(def)));
  // Help texts are functions: commander calls the one of the help shown, so a run that shows
  // another help, or none, never lays them out.
  program.addHelpText('after', () =>
    [
      '',
      ...layout(
        [
          'Examples:',
          '  $ gwctl auth login',
          '  $ gwctl interns ls --status running',
          '  $ gwctl --sandbox interns ls',
          "  $ gwctl byok ls --all --json | jq -r '.data[].label'",
          '',
          "Exit codes: 'gwctl help exit-codes'. Output formats: 'gwctl help formatting'.",
          "Completion: 'gwctl completion --help'.",
          `Environment: ${environmentNames().join(', ')}.`,
        ].join('\n'),
        width,
      ),
    ].join('\n'),
  );

  const groupCommands = new Map<string, Command>();
  const groupSpecs = new Map<string, AnySpec[]>();
  for (const spec of specs) {
    let parent = program;
    if (spec.path.length === 2) {
      const [group] = spec.path;
      let groupCommand = groupCommands.get(group);
      if (!groupCommand) {
        groupCommand = program.command(group).description(groupSummaries.get(group) ?? group);
        groupCommands.set(group, groupCommand);
        groupSpecs.set(group, []);
      }
      groupSpecs.get(group)!.push(spec);
      if (handlers.topOnly) continue;
      parent = groupCommand;
    }
    defineOn(parent, spec, handlers, width);
  }
  for (const [group, groupCommand] of groupCommands) {
    groupCommand.addHelpText('after', () => groupExamples(group, groupSpecs.get(group)!, width));
  }
  // The groups keep commander's `help [command]`; the root's own `help` also knows topics.
  program.helpCommand(false);
  program
    .command('help')
    .argument('[command...]', 'a command, or a topic: exit-codes, formatting')
    .description("show help for a command; 'gwctl help exit-codes' and 'gwctl help formatting' for those topics")
    .action((words: string[]) => showHelp(program, words, handlers, version, width));
  return program;
}

/** Where a command word that is not one of a group's goes: the group's help, and its commands. */
export function seeGroupHelp(group: string, verbs: readonly string[]): string {
  return `see 'gwctl ${group} --help'; its commands: ${verbs.join(', ')}`;
}

/** A group's examples: each command's first, and one with `--json | jq`. */
function groupExamples(group: string, specs: readonly AnySpec[], width: number): string {
  const examples = specs.map((spec) => spec.examples[0]!).filter(Boolean);
  const jq = specs.flatMap((spec) => spec.examples).find((e) => e.includes('--json | jq')) ?? JQ_EXAMPLES.get(group);
  if (jq && !examples.includes(jq)) examples.push(jq);
  return [
    '',
    'Examples:',
    ...examplesFor(examples, width),
    '',
    ...wrap(`More examples and every flag: 'gwctl ${group} <command> --help'.`, width),
  ].join('\n');
}

/** Examples as help shows them, each within the width. */
function examplesFor(examples: readonly string[], width: number): string[] {
  return examples.flatMap((e) => wrapCommand(`  $ ${e}`, width));
}

/** For groups whose commands show none of their own. */
const JQ_EXAMPLES: ReadonlyMap<string, string> = new Map([
  ['presets', "gwctl presets create support-bot --file body.json --json | jq -r '.data.designated_version.version'"],
  ['batches', "gwctl batches get batch_abc123 --json | jq '.request_counts'"],
  ['config', "gwctl config list --json | jq -r '.workspace'"],
]);

/** `gwctl help [command...]`: a topic, or the help of the command the words name. */
async function showHelp(program: Command, words: readonly string[], handlers: Handlers, version: string, width: number): Promise<void> {
  const { printJson } = handlers;
  if (words.length === 1 && words[0] === 'formatting') {
    if (printJson) return printJson({ name: 'formatting', text: FORMATTING_HELP.trimEnd() });
    handlers.writeOut(`${layout(FORMATTING_HELP.trimEnd(), width).join('\n')}\n`);
    return;
  }
  if (words.length === 1 && words[0] === 'exit-codes') {
    if (printJson) return printJson({ exit_codes: EXIT_CODES.map(({ code, meaning }) => ({ code, meaning })) });
    handlers.writeOut(exitCodesText(width));
    return;
  }
  let target = program;
  for (const [i, word] of words.entries()) {
    const next = target.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (!next) {
      const unlisted = unlistedGroup(words);
      if (unlisted) throw unlisted;
      const known = words.slice(0, i).join(' ');
      const verbs = target.commands.filter((c) => c.name() !== 'help' && !c.name().startsWith('__')).map((c) => c.name());
      const hint = known ? seeGroupHelp(known, verbs) : "see 'gwctl --help'";
      throw usageError(`unknown command '${words.slice(0, i + 1).join(' ')}'`, hint);
    }
    target = next;
  }
  // `gwctl help [command] --json`: the same description as JSON, for programs (aliases resolved).
  if (printJson) {
    const path: string[] = [];
    for (let at: Command | null = target; at && at !== program; at = at.parent) path.unshift(at.name());
    const { helpFor } = await load.helpJson();
    const body = helpFor(path, version);
    if (body) return printJson(body);
  }
  target.help();
}

/** Adds the spec's command under `parent`; `.command()` passes on output, help and error settings. */
function defineOn(parent: Command, spec: AnySpec, handlers: Handlers, width: number): Command {
  const name = spec.path[spec.path.length - 1]!;
  // `__complete` serves the completion scripts; it stays out of help and suggestions.
  const command = parent.command(name, { hidden: name.startsWith('__') }).description(spec.summary);
  if (spec.aliases?.length) command.aliases([...spec.aliases]);
  const args = Object.values(spec.args as ArgDefs);
  for (const arg of args) {
    const name = arg.variadic ? `${arg.name}...` : arg.name;
    command.argument(arg.required ? `<${name}>` : `[${name}]`, arg.description);
  }
  const options = Object.entries(spec.options as OptionDefs).map(([key, def]) => {
    const option = new Option(def.flags, helpText(def));
    if (def.repeatable) option.argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]);
    command.addOption(option);
    return { key, def, option };
  });
  command.addHelpText('after', () => commandHelpAfter(spec, width));
  command.action(async (...received: unknown[]) => {
    const self = received[received.length - 1] as Command;
    // Every value is checked here, in declaration order, before the implementation is loaded.
    const parsedArgs: Record<string, unknown> = {};
    Object.keys(spec.args as ArgDefs).forEach((key, i) => {
      parsedArgs[key] = args[i]!.parse(received[i] as string | string[] | undefined);
    });
    const parsedOpts: Record<string, unknown> = {};
    for (const { key, def, option } of options)
      parsedOpts[key] = def.parse(self.getOptionValue(option.attributeName()), option.long ?? key);
    await handlers.run(spec, parsedArgs, parsedOpts);
  });
  return command;
}

/** What a command's help shows after its options: description, columns, examples, the global options. */
function commandHelpAfter(spec: AnySpec, width: number): string {
  const columns = (spec.columns ?? []) as readonly string[];
  const fields = fieldColumns(spec);
  return [
    ...(spec.description ? ['', ...layout(spec.description, width)] : ['']),
    // Where the paths of a filter start: the top level of the JSON the command prints.
    ...(spec.shape ? ['', ...wrap(`JSON (--json, and what --jq filters): ${spec.shape}`, width)] : []),
    ...(columns.length ? ['', ...wrap(`Columns (for --columns): ${columns.join(', ')}.`, width)] : []),
    ...(fields.length ? wrap(`Fields also usable as columns: ${fields.join(', ')}.`, width) : []),
    '',
    'Examples:',
    ...examplesFor(spec.examples, width),
    '',
    ...wrap(GLOBAL_OPTIONS_LINE, width),
  ].join('\n');
}

/** An option's line in help: its description, and its default where it has one. */
function helpText(def: OptionDef<unknown>): string {
  const value = def.value?.default;
  if (value === undefined) return def.description;
  return `${def.description} (default ${typeof value === 'string' ? JSON.stringify(value) : String(value)})`;
}

/** The closing line of every command's help: the global options it also takes, and where they are described. */
const GLOBAL_OPTIONS_LINE = `Global options: ${Object.values(globalOptions)
  .map((o: OptionDef<unknown>) => /--[\w-]+/.exec(o.flags)?.[0] ?? o.flags)
  .join(', ')} (see 'gwctl --help').`;
