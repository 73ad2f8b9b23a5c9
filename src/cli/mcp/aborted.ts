/** Rejects with the signal's reason once it is aborted (Ctrl-C, SIGTERM): what ends a server's run. */
export function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}
