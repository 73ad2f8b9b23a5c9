// Value formatting shared by several views.
import { inline, type Cell, type Tone } from '../../output/cells.js';

/** USD per token as the API sends it, plus the same price per million tokens (exact decimal arithmetic). */
export function perTokenPrice(decimal: string | undefined): string {
  if (decimal === undefined) return '-';
  const million = shiftDecimal(decimal, 6);
  return million === undefined ? decimal : `$${decimal}/token ($${million}/M tokens)`;
}

/** `shiftDecimal("0.0000025", 6)` is "2.5": moves the point without floating-point error. */
export function shiftDecimal(decimal: string, places: number): string | undefined {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!match) return undefined;
  const whole = match[1]!;
  const fraction = (match[2] ?? '').padEnd(places, '0');
  const digits = (whole + fraction.slice(0, places)).replace(/^0+(?=\d)/, '');
  const rest = fraction.slice(places).replace(/0+$/, '');
  return rest ? `${digits}.${rest}` : digits;
}

export function usd(amount: number | null | undefined): string {
  if (amount === null || amount === undefined) return '-';
  return `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 })}`;
}

/** Colour by meaning; the word itself always says the state, so nothing depends on colour. */
export function toneOf(status: string): Tone | undefined {
  if (/^(active|running|completed|deleted)$/.test(status)) return 'good';
  if (/fail|expired|error/.test(status)) return 'bad';
  if (/^(disabled|stopped|cancelled|cancelling|deprecated|unsupported)$/.test(status)) return 'warn';
  if (/^(draft|queued|provisioning|validating|in_progress|finalizing|destroying|awaiting_.*)$/.test(status)) return 'busy';
  return undefined;
}

export function status(value: string | null | undefined): Cell {
  if (value === null || value === undefined) return null;
  const tone = toneOf(value);
  return tone ? { text: value, tone } : value;
}

export function yesNoUndeclared(value: boolean | null | undefined): Cell {
  if (value === null || value === undefined) return { text: 'undeclared', tone: 'muted' };
  return value;
}

export function list(values: readonly unknown[] | null | undefined): string {
  if (!values || values.length === 0) return '';
  return values.map((v) => inline(v)).join(', ');
}

/** A provisioning step as a person reads it (`Pulling the image (step 3 of 5)`); any other field as `name value`, never raw JSON. */
export function stepText(progress: Readonly<Record<string, unknown>>): string {
  const { step_label: label, step_number: step, total_steps: total } = progress;
  const used = new Set<string>();
  let counted: string | undefined;
  if (typeof step === 'number') {
    used.add('step_number');
    if (typeof total === 'number') used.add('total_steps');
    counted = typeof total === 'number' ? `step ${step} of ${total}` : `step ${step}`;
  }
  const parts: string[] = [];
  if (typeof label === 'string') {
    used.add('step_label');
    parts.push(counted ? `${label} (${counted})` : label);
  } else if (counted) parts.push(counted);
  for (const [name, value] of Object.entries(progress)) if (!used.has(name)) parts.push(`${name.replace(/_/g, ' ')} ${inline(value)}`);
  return parts.join(', ');
}
