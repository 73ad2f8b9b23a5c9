// A command a message suggests repeats the run's target options (cli/command-line.ts), at the end,
// where a global option is always the global one.

/** `gwctl interns ls --starting-after c1` with the run's target options after it. */
export function suggested(command: string, target: readonly string[]): string {
  return target.length === 0 ? command : `${command} ${target.join(' ')}`;
}

/** A word a POSIX shell reads back as it is: plain, or in single quotes. */
export function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}

/** The known word nearest a mistyped one, at most two edits away (a swap is one) and closer than not; else undefined. */
export function nearest(typed: string, known: readonly string[]): string | undefined {
  const word = typed.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const distance = editDistance(word, candidate.toLowerCase());
    const similar = (Math.max(word.length, candidate.length) - distance) / Math.max(word.length, candidate.length) > 0.4;
    if (distance <= 2 && similar && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Damerau-Levenshtein (optimal string alignment): insertions, deletions, changes and swaps. */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}
