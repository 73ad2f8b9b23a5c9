// jq 1.8.1 as the tests' oracle: the jq-wasm package run through its own wrapper (its own stdin
// and stdout handling, not gwctl's engine module), as `jq -c FILTER` over a JSON text. What it
// prints is what gwctl's --jq must print, once strings are printed raw as gwctl prints them.
import { raw } from 'jq-wasm';
import { formatJqOutput, jqMessage } from '../../src/output/jq-engine.js';

export type OracleAnswer = { lines: string[] } | { error: string } | { compileError: string };

/** jq 1.8.1's answer for `expr` over `text`: its outputs as gwctl prints them, or its error as gwctl words it. */
export async function jqOracle(expr: string, text: string): Promise<OracleAnswer> {
  // The wrapper sets process.exitCode for jq's exit; the test process's own stays its own.
  const exitCode = process.exitCode;
  try {
    const { stdout, stderr, exitCode: code } = await raw(text, expr, ['-c']);
    if (code === 3) return { compileError: `invalid --jq filter: ${jqMessage(stderr)}` };
    const lines = stdout === '' ? [] : stdout.split('\n').map(formatJqOutput);
    return code === 0 ? { lines } : { error: `--jq: ${jqMessage(stderr)}` };
  } finally {
    process.exitCode = exitCode;
  }
}
