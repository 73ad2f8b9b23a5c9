/**
 * A key as it may be shown: enough to tell two keys apart, never enough to use one.
 * Short keys show nothing of themselves at all.
 */
export function maskKey(key: string): string {
  if (key.length < 16) return '****';
  return `${key.slice(0, 6)}…${key.slice(-4)}`;
}

/**
 * `text` with every one of `keys` in it masked. Keys shorter than 4 characters are left alone:
 * masking them would mangle ordinary words.
 */
export function maskKeys(text: string, keys: Iterable<string | undefined>): string {
  let out = text;
  for (const key of keys) if (key !== undefined && key.length >= 4 && out.includes(key)) out = out.split(key).join(maskKey(key));
  return out;
}
