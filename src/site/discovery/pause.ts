/**
 * Waits until `intervalMs` after `lastStart` (no wait the first time, or once `signal` ends) and gives the
 * time the next fetch starts: politeness between one discovery's sitemap fetches.
 */
export async function pause(lastStart: number | null, intervalMs: number, signal?: AbortSignal): Promise<number> {
  const wait = lastStart === null ? 0 : lastStart + intervalMs - Date.now();
  if (wait > 0 && !signal?.aborted) {
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, wait);
      signal?.addEventListener("abort", done, { once: true });
    });
  }
  return Date.now();
}
