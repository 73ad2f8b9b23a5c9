// The spinners on the screen, so that work that talks to the person at the terminal (a key
// command asking for a passphrase: pass, gpg, op) runs with none drawn, not even one started
// meanwhile.

interface Drawn {
  hide(): void;
  show(): void;
}

/** A run has one at most; a set costs nothing more. */
const drawn = new Set<Drawn>();
/** How many pieces of such work are running: while any is, no spinner is drawn. */
let quiet = 0;

/** Registers and draws a spinner (or draws it once the running work ends); returns how to take it off the list. */
export function spinnerShown(spinner: Drawn): () => void {
  drawn.add(spinner);
  if (quiet === 0) spinner.show();
  return () => drawn.delete(spinner);
}

/** Runs `work` with no spinner on the screen: each is taken off before it starts and drawn again only after it ends. */
export async function withoutSpinners<T>(work: () => Promise<T>): Promise<T> {
  if (quiet++ === 0) for (const spinner of drawn) spinner.hide();
  try {
    return await work();
  } finally {
    if (--quiet === 0) for (const spinner of drawn) spinner.show();
  }
}
