// The body of `presets create`: read from a file or stdin, flags laid over it, checked
// against the document's rules before anything is sent.
import type { Deps } from '../../cli/command.js';
import { usageError } from '../../core/errors.js';
import { readFile } from 'node:fs/promises';

export interface BodyOptions {
  file?: string;
  model?: string;
  maxTokens?: string;
  temperature?: string;
  system?: string;
}

export async function buildPresetBody(deps: Deps, options: BodyOptions): Promise<Record<string, unknown>> {
  let body: Record<string, unknown> = {};
  if (options.file !== undefined) {
    const text = options.file === '-' ? await deps.io.readStdin() : await readText(options.file);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw usageError(`--file ${options.file === '-' ? '(stdin)' : options.file} is not valid JSON: ${(error as Error).message}`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw usageError('the preset body must be a JSON object');
    }
    body = parsed as Record<string, unknown>;
  }
  if (options.model !== undefined) body.model = options.model;
  if (options.maxTokens !== undefined) {
    if (!/^\d+$/.test(options.maxTokens) || Number(options.maxTokens) < 1) throw usageError(`invalid --max-tokens ${JSON.stringify(options.maxTokens)}: expected a positive integer`);
    body.max_tokens = Number(options.maxTokens);
  }
  if (options.temperature !== undefined) {
    const t = Number(options.temperature);
    if (options.temperature.trim() === '' || !Number.isFinite(t) || t < 0 || t > 2) {
      throw usageError(`invalid --temperature ${JSON.stringify(options.temperature)}: expected a number from 0 to 2`);
    }
    body.temperature = t;
  }
  if (options.system !== undefined) body.system = options.system;
  if (Object.keys(body).length === 0) {
    throw usageError('nothing to store', 'give --file PATH (or --file - for stdin), or at least one of --model, --max-tokens, --temperature, --system');
  }
  return body;
}

async function readText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw usageError(`cannot read --file ${path}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
  }
}
