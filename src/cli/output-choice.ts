// The output options of one run (--json, --jq, --jsonl, --columns, --header), checked against
// each other and against the command before anything is sent (a filter that does not compile,
// an unknown column or two options that contradict each other are usage errors, exit 2), and
// the one place that chooses the printer: commands get it as `deps.printer` and never test the
// output mode themselves. A new output form is a module in src/output/printers/ and one line
// in `choosePrinter`, with the option that selects it in global-options.ts.
import type { GlobalFlags } from '../commands/global-options.js';
import { usageError } from '../core/errors.js';
import type { Io } from '../core/io.js';
import { allColumnNames, commandName, type AnySpec } from '../core/spec.js';
import { pickColumnNames } from '../output/columns.js';
import type { Printer, PrinterContext } from '../output/printer.js';
import type { JqChoice } from '../output/printers/jq.js';
import { load } from './lazy.js';

const HINT = "use one output mode; see 'gwctl help formatting'";

/** What the output options of a run ask for, checked before anything was sent. */
export interface Shaping {
  /**
   * --jq: the filter being compiled on jq's thread, and the loader of the engine that runs it.
   * The run waits for it before the command starts (a filter that does not compile is exit 2,
   * and nothing is sent), while the command and its dependencies load.
   */
  jq?: Promise<JqChoice>;
  jsonl: boolean;
  json: boolean;
  /** --columns, as typed: the names were checked against the command's columns. */
  columns?: string;
  header: boolean;
  /** The command's words (`interns ls`), for messages. */
  command: string;
}

/**
 * --jq: jq's thread (for a filter outside the subset) starts, loads the engine and compiles the
 * filter while the run builds its dependencies and loads the command.
 */
function compileJq(expr: string): Promise<JqChoice> {
  const choice = (async (): Promise<JqChoice> => {
    const { jqRunner } = await load.jq();
    const runner = jqRunner();
    return { filter: await runner.compile(expr), runner, load: load.jq };
  })();
  // Reported when the run waits for it; a run that ends before (a usage error) never does.
  choice.catch(() => {});
  return choice;
}

export async function chooseOutput(flags: GlobalFlags, spec: AnySpec): Promise<Shaping> {
  const command = commandName(spec);
  const bodyMode = flags.jq !== undefined ? '--jq' : flags.jsonl ? '--jsonl' : flags.json ? '--json' : undefined;
  if (flags.jsonl && (flags.jq !== undefined || flags.json)) {
    throw usageError(`--jsonl cannot be used with ${flags.jq !== undefined ? '--jq' : '--json'}`, HINT);
  }
  const rowOption = flags.columns !== undefined ? '--columns' : flags.header ? '--header' : undefined;
  if (rowOption && bodyMode) {
    throw usageError(`${rowOption} cannot be used with ${bodyMode}: ${rowOption} shapes rows, ${bodyMode} prints the body`, HINT);
  }
  const names = allColumnNames(spec);
  if (rowOption && names.length === 0) {
    throw usageError(`${rowOption} does not apply to ${command}: it prints no columns`, "use --jq to pick fields, e.g. --jq '.id'");
  }
  if (flags.columns !== undefined) pickColumnNames(names, flags.columns, command);
  const shaping: Shaping = { jsonl: flags.jsonl, json: flags.json, header: flags.header, command };
  if (flags.columns !== undefined) shaping.columns = flags.columns;
  if (flags.jq !== undefined) shaping.jq = compileJq(flags.jq);
  return shaping;
}

/**
 * The one printer of a run: the first option that asks for a form, else a table on a terminal
 * and rows in a pipe. Only its module loads (a read under --json never loads the table, the
 * rows or the watch screen), and only once a command runs: help loads none.
 */
export async function choosePrinter(
  shaping: Shaping,
  context: Pick<PrinterContext, 'io' | 'now' | 'tables' | 'accessible'>,
): Promise<Printer> {
  const { command, header, columns } = shaping;
  const ctx: PrinterContext = { ...context, command, header, ...(columns === undefined ? {} : { columns }) };
  const { printers } = load;
  if (shaping.jq) return new (await printers.jq()).JqPrinter(ctx, shaping.jq);
  if (shaping.jsonl) return new (await printers.jsonl()).JsonlPrinter(ctx);
  if (shaping.json) return new (await printers.json()).JsonPrinter(ctx);
  return ctx.io.stdoutIsTTY ? new (await printers.terminal()).TerminalPrinter(ctx) : new (await printers.rows()).RowsPrinter(ctx);
}

/**
 * `gwctl help [command] --json`: the help's JSON as `help --json` always printed it, or, under
 * --jq, what the filter makes of it, printed as every other command's --jq output is (a filter
 * that does not compile is exit 2, as there).
 */
export async function printHelpJson(jq: string | undefined, body: unknown, io: Io): Promise<void> {
  if (jq === undefined) return io.out(`${JSON.stringify(body, null, 2)}\n`);
  const { runner, filter } = await compileJq(jq);
  await runner.run(filter, body, io);
}
