/**
 * Runs `run` once the browser is idle after the page's first paint (at most 3 s later), so work
 * that can wait, such as loading the backend client for ratings or stock, stays off the path to
 * the largest paint. Returns a cancel function, for an effect's cleanup.
 */
export function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 200);
  return () => window.clearTimeout(id);
}
