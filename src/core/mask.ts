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

/**
 * JSON text with every one of `keys` masked however the text spells it: a JSON string may write
 * a key with `\u` escapes (`sk-\u0061bc…`), which a search of the text does not find, and which
 * a table would then show decoded. So text that has escapes is read, its strings (and property
 * names) masked, and written again; text that has none, cannot be read, or holds no key is
 * returned as it was. The walk keeps its own stack: a body may be nested deeper than the call
 * stack allows.
 */
export function maskKeysInJson(text: string, keys: readonly string[]): string {
  const usable = keys.filter((k) => k.length >= 4);
  if (usable.length === 0 || !text.includes('\\u')) return text;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  const holds = (s: string): boolean => usable.some((k) => s.includes(k));
  const mask = (s: string): string => maskKeys(s, usable);
  if (typeof value === 'string') return holds(value) ? JSON.stringify(mask(value)) : text;
  let changed = false;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    const record = node as Record<string, unknown>;
    for (const name of Object.keys(record)) {
      let child = record[name];
      if (typeof child === 'string' && holds(child)) {
        child = mask(child);
        record[name] = child;
        changed = true;
      } else if (typeof child === 'object' && child !== null) stack.push(child);
      if (!Array.isArray(node) && holds(name)) {
        delete record[name];
        record[mask(name)] = child;
        changed = true;
      }
    }
  }
  if (!changed) return text;
  try {
    return JSON.stringify(value);
  } catch {
    // Too deep to write again: nothing of it can be shown safely.
    return JSON.stringify({ error: { message: 'the response held a key and was too deeply nested to mask; not shown' } });
  }
}
