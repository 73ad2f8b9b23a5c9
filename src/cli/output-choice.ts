// The output options of one run, checked against each other and the command before anything is
// sent (exit 2), and the one place that chooses the printer: commands never test the output mode.
// A new form is a module in src/output/printers/ and one line in `choosePrinter`.
import type { GlobalFlags } from '../commands/global-options.js';
import { usageError } from '../core/errors.js';
import type { Io } from '../core/io.js';
import { allColumnNames, commandName, type AnySpec } from '../core/spec.js';
import { pickColumnNames } from '../output/columns.js';
import type { Printer, PrinterContext } from '../output/printer.js';
import type { JqChoice } from '../output/printers/jq.js';
import { load } from './lazy.js';

const HINT = "use one output mode; see 'gwctl help formatting'";

/** What the output options of a run ask for, checked before anything was sent: the form, and what every form is told. */
export interface Shaping extends Pick<PrinterContext, 'columns' | 'header' | 'command' | 'shape'> {
  /** --jq: the filter compiling on jq's thread, awaited before the command starts (a bad filter is exit 2, nothing sent). */
  jq?: Promise<JqChoice>;
  jsonl: boolean;
  json: boolean;
}

/** --jq: the filter compiled (on jq's thread when jq itself must check it) while this thread loads the command. */
function startJq(expr: string): Promise<JqChoice> {
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
  const shaping: Shaping = {
    jsonl: flags.jsonl,
    json: flags.json,
    header: flags.header,
    command,
    columns: flags.columns,
    shape: spec.shape,
  };
  if (flags.jq !== undefined) shaping.jq = startJq(flags.jq);
  return shaping;
}

/** The run's one printer: the first form asked for, else a table on a terminal and rows in a pipe; only its module loads. */
export async function choosePrinter(
  shaping: Shaping,
  context: Pick<PrinterContext, 'io' | 'now' | 'tables' | 'accessible'>,
): Promise<Printer> {
  const { command, header, columns, shape } = shaping;
  const ctx: PrinterContext = { ...context, command, header, columns, shape };
  const { printers } = load;
  if (shaping.jq) return new (await printers.jq()).JqPrinter(ctx, shaping.jq);
  if (shaping.jsonl) return new (await printers.jsonl()).JsonlPrinter(ctx);
  if (shaping.json) return new (await printers.json()).JsonPrinter(ctx);
  return ctx.io.stdoutIsTTY ? new (await printers.terminal()).TerminalPrinter(ctx) : new (await printers.rows()).RowsPrinter(ctx);
}

/** `gwctl help [command] --json`, or under --jq what the filter makes of it, as every other --jq output. */
export async function printHelpJson(jq: string | undefined, body: unknown, io: Io): Promise<void> {
  if (jq === undefined) return io.out(`${JSON.stringify(body, null, 2)}\n`);
  const { runner, filter } = await startJq(jq);
  await runner.run(filter, { text: JSON.stringify(body), value: body }, io);
}
