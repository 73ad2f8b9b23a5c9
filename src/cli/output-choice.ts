// The output options of one run (--jq, --jsonl, --columns, --header), checked against each
// other and against the command before anything is sent: a filter that does not compile, an
// unknown column or two options that contradict each other are usage errors (exit 2).
import type { GlobalFlags } from '../config/settings.js';
import { usageError } from '../core/errors.js';
import type { AnySpec } from '../core/spec.js';
import { pickColumnNames } from '../output/columns.js';
import type { Shaping } from '../output/print.js';
import { load } from './lazy.js';

const HINT = "use one output mode; see 'gwctl help formatting'";

export async function chooseOutput(flags: GlobalFlags, spec: AnySpec): Promise<Shaping> {
  const command = spec.path.join(' ');
  const bodyMode = flags.jq !== undefined ? '--jq' : flags.jsonl ? '--jsonl' : flags.json ? '--json' : undefined;
  if (flags.jsonl && (flags.jq !== undefined || flags.json)) {
    throw usageError(`--jsonl cannot be used with ${flags.jq !== undefined ? '--jq' : '--json'}`, HINT);
  }
  const rowOption = flags.columns !== undefined ? '--columns' : flags.header ? '--header' : undefined;
  if (rowOption && bodyMode) {
    throw usageError(`${rowOption} cannot be used with ${bodyMode}: ${rowOption} shapes rows, ${bodyMode} prints the body`, HINT);
  }
  const names = (spec.columns ?? []) as readonly string[];
  if (rowOption && names.length === 0) {
    throw usageError(`${rowOption} does not apply to ${command}: it prints no columns`, "use --jq to pick fields, e.g. --jq '.id'");
  }
  if (flags.columns !== undefined) pickColumnNames(names, flags.columns, command);
  const shaping: Shaping = { jsonl: flags.jsonl, header: flags.header };
  if (flags.columns !== undefined) shaping.columns = flags.columns;
  if (flags.jq !== undefined) {
    const { compileJq } = await load.jq();
    shaping.jq = { filter: await compileJq(flags.jq), load: load.jq };
  }
  return shaping;
}
