/** The shells gwctl writes completion scripts for. */
export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

export function isShell(word: string): word is Shell {
  return (SHELLS as readonly string[]).includes(word);
}
