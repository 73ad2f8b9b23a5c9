// From argv to exit code: build the parser from the specs the words name, parse and check
// every value, resolve settings, load and run the one implementation, and report any failure
// in the contract's form.
import { keysFromEnvironment } from '../config/profile.js';
import { readConfig } from '../config/read.js';
import type { Clock } from '../core/clock.js';
import type { Prompter } from '../core/prompter.js';
import { createDeps } from './deps.js';
import { maskStoredKeys } from '../config/stored-keys.js';
import { commands, groupSummaries, implementations, unlistedGroup, verbAliases } from './registry.js';
import { GwctlError, usageError } from '../core/errors.js';
import { untilAborted } from '../core/abort.js';
import { ExitCode } from '../core/exit-codes.js';
import { createIo, type Io, type IoStreams } from '../core/io.js';
import { buildProgram, seeGroupHelp } from './program.js';
import { commandWords, readCommandLine, type CommandLine } from './command-line.js';
import { helpWidth } from './help-topics.js';
import { chooseOutput, printHelpJson } from './output-choice.js';
import { reportError } from './report.js';
import { wrapToWidth } from '../output/width.js';
import { commandName } from '../core/spec.js';

/** The registry keys the words of argv name; every command when they name none (help, typos). */
export function commandsFor(argv: readonly string[]): string[] {
  return commandsNamed(commandWords(argv));
}

function commandsNamed(words: readonly string[]): string[] {
  const [group, verb] = words;
  const all = [...commands.keys()];
  if (group === undefined || group === 'help') return all;
  if (commands.has(group)) return [group];
  if (verb !== undefined) {
    const key = `${group} ${verb}`;
    if (commands.has(key)) return [key];
    const aliased = `${group} ${verbAliases.get(verb) ?? verb}`;
    if (commands.has(aliased)) return [aliased];
  }
  if (groupSummaries.has(group)) return all.filter((key) => key.startsWith(`${group} `));
  return all;
}

/** A word that is not one of a group's commands points at the group's help, not the root's. */
function groupHint(group: string | undefined, keys: readonly string[]): string {
  if (group === undefined || !groupSummaries.has(group)) return "see 'gwctl --help'";
  const verbs = keys.filter((key) => key.startsWith(`${group} `)).map((key) => key.slice(group.length + 1));
  return seeGroupHelp(
    group,
    verbs.filter((verb) => !verb.startsWith('__')),
  );
}

/** The one reading of argv (cli/command-line.ts), with the options of the command its words name. */
export function commandLine(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): CommandLine {
  return readCommandLine(argv, env, (words) => {
    const keys = commandsNamed(words);
    return keys.length === 1 ? commands.get(keys[0]!) : undefined;
  });
}

/** Everything a run takes from its surroundings; `runCli` touches nothing else of the process. */
export interface CliHost {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  version: string;
  /** The standard streams of one run, with what is known about the terminal behind them. */
  streams: IoStreams;
  /** Default: the real clock. */
  clock?: Clock;
  /** Default: the terminal prompter; none is asked under --no-input or CI. */
  prompter?: Prompter;
  /** Interruption from outside, as Ctrl-C (exit 130); with the reason 'SIGTERM', exit 143. */
  signal?: AbortSignal;
  /** A second interruption: what a command still finishes is given up, and it reports. */
  hurry?: AbortSignal;
}

export async function runCli(host: CliHost): Promise<number> {
  const { argv, env, version } = host;
  const controller = new AbortController();
  // The one reading of the command line: the error mode and colour from here on, and every
  // global option a command gets.
  const line = commandLine(argv, env);
  const io = createIo({
    streams: host.streams,
    env,
    colorFlag: line.color,
    onStdoutClosed: () => controller.abort(new StdoutClosed()),
    onStdoutFailed: (error) => controller.abort(stdoutFailed(error)),
    wrapLine: (text, width) => wrapToWidth(text, width, { wholeWords: true }),
  });
  // Keys from the environment are masked from the first byte, even in a usage error that echoes
  // a value typed on the command line.
  for (const key of keysFromEnvironment(env)) io.addSecret(key);
  // Ctrl-C aborts the run, unless the command took it over (finishOnInterrupt): then it only
  // raises `interrupted`, and the command finishes what is in flight and reports.
  const interruption = new AbortController();
  let commandFinishes = false;
  const interrupt = (): void => {
    // SIGTERM (a CI runner's cancel) is 143, Ctrl-C 130: the contract's "Bounds".
    const reason =
      host.signal?.reason === 'SIGTERM'
        ? new GwctlError('terminated', ExitCode.terminated)
        : new GwctlError('interrupted', ExitCode.interrupted);
    interruption.abort(reason);
    if (!commandFinishes) controller.abort(reason);
  };
  if (host.signal?.aborted) interrupt();
  host.signal?.addEventListener('abort', interrupt, { once: true });

  let cleanup: (() => Promise<void>) | undefined;
  let helpHint = "see 'gwctl --help'";
  try {
    if (line.refused) throw line.refused;
    const unlisted = unlistedGroup(line.words);
    if (unlisted) throw unlisted;
    const keys = commandsNamed(line.words);
    helpHint = keys.length === 1 ? `see 'gwctl ${keys[0]} --help'` : groupHint(line.words[0], keys);
    const specs = keys.flatMap((key) => commands.get(key) ?? []);
    const helpJq = line.given.get('jq')?.raw;
    // With no command word (`gwctl`, `gwctl --help`) only the top level can be shown: the
    // groups' own commands and their options need not be built.
    const program = buildProgram(version, specs, {
      topOnly: line.topOnly,
      ...(line.json ? { printJson: (body: unknown) => printHelpJson(typeof helpJq === 'string' ? helpJq : undefined, body, io) } : {}),
      width: helpWidth(io),
      writeOut: writeHelp(io),
      // Commander writes here only the help it shows for a group named without a command
      // (`gwctl`, `gwctl interns`); its errors go through outputError, to be reported as ours.
      // That help is the answer asked for: stdout, as gh prints it.
      writeErr: writeHelp(io),
      run: async (spec, args, opts) => {
        const invoked = line.invocation();
        // Output options are checked, and a --jq filter compiled, before anything is sent.
        const output = await chooseOutput(invoked.flags, spec);
        const deps = await createDeps({
          output,
          io,
          env,
          invocation: invoked,
          version,
          signal: controller.signal,
          interrupted: interruption.signal,
          finishOnInterrupt: () => {
            commandFinishes = true;
          },
          ...(host.hurry ? { hurry: host.hurry } : {}),
          ...(host.clock ? { clock: host.clock } : {}),
          ...(host.prompter ? { prompter: host.prompter } : {}),
        });
        cleanup = deps.cleanup;
        const implementation = implementations.get(commandName(spec));
        if (!implementation) throw new Error(`no implementation of ${commandName(spec)}`);
        const { run } = await implementation();
        // The command starts (and sends anything) only once the filter compiled.
        await output.jq;
        await untilAborted(run({ spec, args, opts, deps: deps.deps }), controller.signal);
      },
    });
    await program.parseAsync([...line.rest], { from: 'user' });
    // A write that fails (a full disk) says so only after the command has written its last.
    await untilAborted(io.written(), controller.signal);
    if (controller.signal.aborted) throw controller.signal.reason;
    return ExitCode.ok;
  } catch (error) {
    const reason = controller.signal.aborted ? controller.signal.reason : undefined;
    if (reason instanceof StdoutClosed) return ExitCode.ok;
    const failure = reason instanceof GwctlError ? reason : fromCommander(error, helpHint);
    // Help and version end here too, as successes: nothing to report, no config to read; unless
    // the help could not be written.
    if (failure === null) {
      await untilAborted(io.written(), controller.signal).catch(() => {});
      if (!(controller.signal.reason instanceof GwctlError)) return ExitCode.ok;
      return reportError(io, controller.signal.reason, line.errorsAsJson);
    }
    maskStoredKeys(io, () => readConfig(env));
    return reportError(io, failure, line.errorsAsJson);
  } finally {
    host.signal?.removeEventListener('abort', interrupt);
    await cleanup?.().catch(() => {});
  }
}

class StdoutClosed extends Error {}

/** stdout could not be written (a full disk, /dev/full, an I/O error): exit 1, as `cat` does. */
function stdoutFailed(error: NodeJS.ErrnoException): GwctlError {
  // Node's `ENOSPC: no space left on device, write`: the words between the code and the call.
  const why = error.message.replace(/^[A-Z_]+: /, '').split(',')[0]!;
  return new GwctlError(`cannot write to standard output: ${why}${error.code ? ` (${error.code})` : ''}`, ExitCode.failure);
}

/** Commander's own outcomes: help and version are successes (null), parse errors are usage errors. */
function fromCommander(error: unknown, helpHint: string): unknown {
  const e = error as { code?: string; exitCode?: number; message?: string };
  if (typeof e.code !== 'string' || !e.code.startsWith('commander.')) return error;
  if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help') {
    return null;
  }
  const [head, ...rest] = (e.message ?? 'invalid usage').replace(/^error: /, '').split('\n');
  let first = head!;
  // An unknown option is named, never echoed with its value (`--token=sk-...`, `-xVALUE`).
  if (e.code === 'commander.unknownOption')
    first = first.replace(/'(--[^=']*)=[^']*'|'(-[^-'])[^']+'/, (_m, long?: string, short?: string) => `'${long ?? short}'`);
  const suggestion = /\(Did you mean (.+)\?\)/.exec(rest.join(' '))?.[1];
  return usageError(first.replace(/\.$/, ''), suggestion ? `did you mean ${suggestion}?` : helpHint);
}

// Commander writes help synchronously, so the write's promise is dropped: `io.out` never rejects.
function writeHelp(io: Io): (text: string) => void {
  return (text) => {
    // eslint-disable-next-line @typescript-eslint/no-floating-promises -- see above: never rejects, already written
    void io.out(text);
  };
}
