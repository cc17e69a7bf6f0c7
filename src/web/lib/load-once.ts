/**
 * `load` run once and shared by every caller; a failure is forgotten, so a failed chunk load (a
 * dropped connection, a deploy in between) may succeed on the next call.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}
