/**
 * A key as it may be shown: enough to tell two keys apart, never enough to use one.
 * Short keys show nothing of themselves at all.
 */
export function maskKey(key: string): string {
  if (key.length < 16) return '****';
  return `${key.slice(0, 6)}…${key.slice(-4)}`;
}
