/** A key as it may be shown: enough to tell two apart, never enough to use one; a short key shows nothing. */
export function maskKey(key: string): string {
  if (key.length < 16) return '****';
  return `${key.slice(0, 6)}…${key.slice(-4)}`;
}

/** `text` with every one of `keys` masked; keys under 4 characters are left alone, not to mangle words. */
export function maskKeys(text: string, keys: Iterable<string | undefined>): string {
  let out = text;
  for (const key of keys) if (key !== undefined && key.length >= 4 && out.includes(key)) out = out.split(key).join(maskKey(key));
  return out;
}

/**
 * JSON text with `keys` masked however it spells them: text with `\u` escapes is parsed, its strings
 * and names masked, and written again (with a stack of its own, for deep bodies); other text is returned as it was.
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
