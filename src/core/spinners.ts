// The spinners on the screen, so that a synchronous piece of work that talks to the person at
// the terminal (a key command asking for a passphrase: pass, gpg, op) runs with none drawn.

interface Drawn {
  hide(): void;
  show(): void;
}

/** A run has one at most; a set costs nothing more. */
const drawn = new Set<Drawn>();

/** Registers a spinner while it is on the screen; returns how to take it off the list. */
export function spinnerShown(spinner: Drawn): () => void {
  drawn.add(spinner);
  return () => drawn.delete(spinner);
}

/** Runs `work` with no spinner on the screen: each is taken off before it starts and drawn again only after it ends. */
export function withoutSpinners<T>(work: () => T): T {
  const hidden = [...drawn];
  for (const spinner of hidden) spinner.hide();
  try {
    return work();
  } finally {
    for (const spinner of hidden) spinner.show();
  }
}
