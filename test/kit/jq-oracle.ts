// jq 1.8.2 as the tests' oracle: the jq-wasm package run through its own handle (its own stdin
// and stdout handling and its own WebAssembly, not gwctl's engine module or its build of jq.wasm),
// as `jq -c -- FILTER` over a JSON text. What it prints is what gwctl's --jq must print, once strings
// are printed raw as gwctl prints them. The package's jq runs out of stack about 1,000 levels
// deep and is then unusable: a handle that threw is replaced.
import { loadJq, type Jq } from 'jq-wasm';
import { formatJqOutput, jqMessage } from '../../src/output/jq-engine.js';

export type OracleAnswer = { lines: string[] } | { error: string } | { compileError: string };

let handle: Promise<Jq> | undefined;

/** jq 1.8.2's answer for `expr` over `text`: its outputs as gwctl prints them, or its error as gwctl words it. */
export async function jqOracle(expr: string, text: string): Promise<OracleAnswer> {
  handle ??= loadJq();
  const jq = await handle;
  let result: ReturnType<Jq['raw']>;
  // The handle sets process.exitCode (to 0 at least); the test process's own stays its own.
  const exitCode = process.exitCode;
  try {
    result = jq.raw(text, expr, ['-c', '--']);
  } catch (error) {
    handle = undefined;
    throw new Error(`jq-wasm could not run ${JSON.stringify(expr)}: ${String(error)}`);
  } finally {
    process.exitCode = exitCode;
  }
  const { stdout, stderr, exitCode: code } = result;
  if (code === 3) return { compileError: `invalid --jq filter: ${jqMessage(stderr)}` };
  const lines = stdout === '' ? [] : stdout.split('\n').map(formatJqOutput);
  return code === 0 ? { lines } : { error: `--jq: ${jqMessage(stderr)}` };
}
