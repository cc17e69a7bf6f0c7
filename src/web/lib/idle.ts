/**
 * Runs `run` once the browser is idle after the page's next paint (at most 3 s after that), so
 * work that can wait, such as loading the backend client for ratings or stock, stays off the path
 * to the largest paint. It waits for a frame first: an effect runs after React's commit but may run
 * before the browser has painted it, and an idle callback could then start the download (and its
 * evaluation) ahead of the paint it was meant to follow. Returns a cancel function, for an
 * effect's cleanup.
 */
export function whenIdle(run: () => void): () => void {
  let cancel = () => {};
  // requestAnimationFrame runs just before the next paint; a timer set from it fires after it.
  const frame = window.requestAnimationFrame(() => {
    const timer = window.setTimeout(() => {
      if (typeof window.requestIdleCallback === 'function') {
        const id = window.requestIdleCallback(run, { timeout: 3000 });
        cancel = () => window.cancelIdleCallback(id);
      } else {
        const id = window.setTimeout(run, 200);
        cancel = () => window.clearTimeout(id);
      }
    }, 0);
    cancel = () => window.clearTimeout(timer);
  });
  cancel = () => window.cancelAnimationFrame(frame);
  return () => cancel();
}
