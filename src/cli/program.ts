// The commander tree, built from command specs. Global options live on the program, so they
// may stand before or after the command (`gwctl --json interns ls` = `gwctl interns ls --json`).
import { Command, Option } from 'commander';
import { groups } from '../commands/registry.js';
import type { CommandSpec } from './command.js';
import { usageError } from '../core/errors.js';
import { EXIT_CODES } from '../core/exit-codes.js';
import { exitCodesText, HELP_TOPICS } from './help-topics.js';

export interface GlobalOptionSpec {
  flags: string;
  description: string;
  env?: string;
}

export const globalOptions: readonly GlobalOptionSpec[] = [
  { flags: '--json', description: "print the API's response body as JSON" },
  { flags: '-p, --profile <name>', description: 'config profile (default "default")', env: 'GWCTL_PROFILE' },
  { flags: '--base-url <url>', description: 'API base URL, carrying /v1', env: 'GWCTL_BASE_URL' },
  { flags: '--sandbox', description: 'run this command against an in-process sandbox API with demo keys' },
  { flags: '--timeout <seconds>', description: 'per request (default 30)', env: 'GWCTL_TIMEOUT' },
  { flags: '--retries <n>', description: 'extra attempts on a retryable failure (default 3)', env: 'GWCTL_RETRIES' },
  { flags: '--no-color', description: 'no colour, even on a terminal', env: 'NO_COLOR' },
  { flags: '--no-input', description: 'never prompt', env: 'CI' },
  { flags: '--debug', description: 'show each HTTP exchange on stderr, keys redacted', env: 'GWCTL_DEBUG' },
];

export interface Handlers {
  /** Runs a command's spec once commander has parsed its arguments. */
  run(spec: CommandSpec, args: Record<string, string | undefined>, opts: Record<string, unknown>, program: Command): Promise<void>;
  writeOut(text: string): void;
  writeErr(text: string): void;
}

export function buildProgram(version: string, specs: readonly CommandSpec[], handlers: Handlers): Command {
  const program = new Command('gwctl')
    .description('Manage a model-inference gateway: endpoints, presets, batches, interns, vault, BYOK, budgets and tools.')
    .version(`gwctl ${version}`, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: handlers.writeOut,
      writeErr: handlers.writeErr,
      // Errors are reported by the caller, in the contract's one-line (or JSON) form.
      outputError: () => {},
    });
  program.helpCommand('help [command...]', 'show help for a command');
  program.helpOption('-h, --help', 'show help');
  for (const opt of globalOptions) {
    const option = new Option(opt.flags, opt.description);
    program.addOption(option);
  }
  program.addHelpText(
    'after',
    [
      '',
      'Examples:',
      '  $ gwctl auth login',
      '  $ gwctl interns ls --status running',
      '  $ gwctl --sandbox interns ls',
      "  $ gwctl byok ls --all --json | jq -r '.data[].label'",
      '',
      "Exit codes: 'gwctl help exit-codes'. Completion: 'gwctl completion --help'.",
      'Environment: GWCTL_PROFILE, GWCTL_BASE_URL, GWCTL_MANAGEMENT_KEY, GWCTL_API_KEY,',
      'GWCTL_CONFIG_DIR, GWCTL_TIMEOUT, GWCTL_RETRIES, GWCTL_DEBUG, NO_COLOR,',
      'FORCE_COLOR, CI.',
    ].join('\n'),
  );

  const groupCommands = new Map<string, Command>();
  const groupSpecs = new Map<string, CommandSpec[]>();
  for (const spec of specs) {
    let parent = program;
    if (spec.path.length === 2) {
      const [group] = spec.path;
      let groupCommand = groupCommands.get(group);
      if (!groupCommand) {
        groupCommand = program.command(group).description(groups[group] ?? group);
        groupCommands.set(group, groupCommand);
        groupSpecs.set(group, []);
      }
      groupSpecs.get(group)!.push(spec);
      parent = groupCommand;
    }
    defineOn(parent, spec, handlers, program);
  }
  for (const [group, groupCommand] of groupCommands) {
    groupCommand.addHelpText('after', groupExamples(group, groupSpecs.get(group)!));
  }
  // The groups keep commander's `help [command]`; the root's own `help` also knows topics.
  program.helpCommand(false);
  program
    .command('help')
    .argument('[command...]', 'a command, or exit-codes')
    .description("show help for a command; 'gwctl help exit-codes' for the exit codes")
    .action((words: string[]) => showHelp(program, words, handlers));
  return program;
}

/** A group's examples: each command's first, and one with `--json | jq`. */
function groupExamples(group: string, specs: readonly CommandSpec[]): string {
  const examples = specs.map((spec) => spec.examples[0]!).filter(Boolean);
  const jq = specs.flatMap((spec) => spec.examples).find((e) => e.includes('--json | jq')) ?? JQ_EXAMPLES[group];
  if (jq && !examples.includes(jq)) examples.push(jq);
  const first = specs[0]!.path[1];
  return ['', 'Examples:', ...examples.map((e) => `  $ ${e}`), '', `More examples and every flag: 'gwctl ${group} ${first} --help'.`].join('\n');
}

/** For groups whose commands show none of their own. */
const JQ_EXAMPLES: Readonly<Record<string, string>> = {
  presets: "gwctl presets create support-bot --file body.json --json | jq -r '.data.designated_version.version'",
  batches: "gwctl batches get batch_abc123 --json | jq '.request_counts'",
  config: "gwctl config list --json | jq -r '.workspace'",
};

/** `gwctl help [command...]`: a topic, or the help of the command the words name. */
function showHelp(program: Command, words: readonly string[], handlers: Handlers): void {
  if (words.length === 1 && words[0] === HELP_TOPICS[0]!.name) {
    const json = program.opts().json === true;
    const body = { exit_codes: EXIT_CODES.map(({ code, meaning }) => ({ code, meaning })) };
    handlers.writeOut(json ? `${JSON.stringify(body, null, 2)}\n` : exitCodesText());
    return;
  }
  let target = program;
  for (const [i, word] of words.entries()) {
    const next = target.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (!next) {
      const known = words.slice(0, i).join(' ');
      throw usageError(`unknown command '${words.slice(0, i + 1).join(' ')}'`, `see 'gwctl ${known ? `${known} ` : ''}--help'`);
    }
    target = next;
  }
  target.help();
}

/** Adds the spec's command under `parent`; `.command()` passes on output, help and error settings. */
function defineOn(parent: Command, spec: CommandSpec, handlers: Handlers, program: Command): Command {
  const name = spec.path[spec.path.length - 1]!;
  // `__complete` serves the completion scripts; it stays out of help and suggestions.
  const command = parent.command(name, { hidden: name.startsWith('__') }).description(spec.summary);
  if (spec.aliases?.length) command.aliases([...spec.aliases]);
  for (const arg of spec.args) {
    command.argument(arg.required ? `<${arg.name}>` : `[${arg.name}]`, arg.description);
  }
  for (const opt of spec.options) command.option(opt.flags, opt.description);
  const after = [spec.description ? `\n${spec.description}` : '', '', 'Examples:', ...spec.examples.map((e) => `  $ ${e}`)];
  command.addHelpText('after', after.join('\n'));
  command.action(async (...received: unknown[]) => {
    const self = received[received.length - 1] as Command;
    const args: Record<string, string | undefined> = {};
    spec.args.forEach((arg, i) => {
      args[arg.name] = received[i] as string | undefined;
    });
    await handlers.run(spec, args, self.opts(), program);
  });
  return command;
}
