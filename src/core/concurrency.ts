// How many requests a run that acts on many targets keeps in flight, and the --concurrency option
// that says it: a choice of the tool, not a word of the API (the pacer in api/pacing.ts applies it).
import { option, ValueRefused, type OptionDef } from './options.js';

/** How many requests a run acting on many targets keeps in flight: a fixed number, or `auto`. */
export type ConcurrencyChoice = number | 'auto';

/** `auto` starts at `start` and adapts between `min` and `max`; `default` is the fixed number used where nothing adapts. */
export const CONCURRENCY = { min: 1, max: 16, start: 4, default: 4 } as const;

/** What a many-target run uses without --concurrency. */
export const DEFAULT_CONCURRENCY: ConcurrencyChoice = CONCURRENCY.default;

/** `--concurrency`: an integer from 1 to 16, or `auto`. */
export function concurrencyChoice(text: string, name: string): ConcurrencyChoice {
  if (text === 'auto') return 'auto';
  const n = /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN;
  if (!(n >= CONCURRENCY.min && n <= CONCURRENCY.max)) {
    throw new ValueRefused(`${name} must be an integer from ${CONCURRENCY.min} to ${CONCURRENCY.max}, or auto`);
  }
  return n;
}

/** The `--concurrency` option of every command that acts on many targets. */
export function concurrencyOption(): OptionDef<ConcurrencyChoice | undefined> {
  const byDefault = String(DEFAULT_CONCURRENCY);
  return option.custom(
    '--concurrency <n|auto>',
    `requests in flight at once, 1-16, or auto: start at ${CONCURRENCY.start} and adapt to how the server answers (default ${byDefault})`,
    concurrencyChoice,
  );
}

/** Runs `work(i)` for i in 0..count-1, at most `concurrency` at once, starting none once `stopped()` says so. */
export async function runBounded(
  count: number,
  concurrency: number,
  work: (index: number) => Promise<void>,
  stopped: () => boolean,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count && !stopped()) await work(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}
