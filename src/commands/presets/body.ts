// The body of `presets create`: read from a file or stdin, flags (already checked) laid over it.
import { readFile } from 'node:fs/promises';
import { usageError } from '../../core/errors.js';
import type { Deps } from '../context.js';

export interface BodyOptions {
  file?: string;
  model?: string;
  maxTokens?: number;
  temperature?: number;
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
  if (options.maxTokens !== undefined) body.max_tokens = options.maxTokens;
  if (options.temperature !== undefined) body.temperature = options.temperature;
  if (options.system !== undefined) body.system = options.system;
  if (Object.keys(body).length === 0) {
    throw usageError(
      'nothing to store',
      'give --file PATH (or --file - for stdin), or at least one of --model, --max-tokens, --temperature, --system',
    );
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
