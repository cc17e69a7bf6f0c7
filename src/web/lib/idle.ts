/**
 * Runs `run` just after the page's next paint: requestAnimationFrame runs before the paint, a timer
 * set from it fires after. With `fallbackMs`, a page that is not painting (a tab opened in the
 * background gets no frames) runs it after that long all the same. Returns a cancel function, for
 * an effect's cleanup.
 */
export function afterPaint(run: () => void, fallbackMs?: number): () => void {
  let done = false;
  let timer = 0;
  const cancel = () => {
    done = true;
    window.cancelAnimationFrame(frame);
    window.clearTimeout(timer);
    window.clearTimeout(fallback);
  };
  const once = () => {
    if (done) return;
    cancel();
    run();
  };
  const frame = window.requestAnimationFrame(() => {
    timer = window.setTimeout(once, 0);
  });
  const fallback = fallbackMs === undefined ? undefined : window.setTimeout(once, fallbackMs);
  return cancel;
}

/**
 * Runs `run` once the page's first contentful paint is on screen; after the next paint when it
 * already is (a later navigation). A timer set from requestAnimationFrame fires once the main
 * thread has painted, but the frame may reach the screen a frame or two later: on a first load,
 * work meant to follow the paint (fetching what the frame does not need) would still race it.
 * A page that never paints (a background tab) runs it after `fallbackMs` all the same.
 */
export function afterFirstPaint(run: () => void, fallbackMs = 500): () => void {
  const painted = performance.getEntriesByName('first-contentful-paint').length > 0;
  if (painted || typeof PerformanceObserver === 'undefined') return afterPaint(run, fallbackMs);
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    window.clearTimeout(fallback);
    run();
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) once();
  });
  observer.observe({ type: 'paint', buffered: true });
  const fallback = window.setTimeout(once, fallbackMs);
  return () => {
    done = true;
    observer.disconnect();
    window.clearTimeout(fallback);
  };
}

/**
 * Runs `run` once the browser is idle after the page's next paint (at most 3 s after that), so
 * work that can wait, such as loading the backend client for ratings or stock, stays off the path
 * to the largest paint. It waits for a frame first: an effect runs after React's commit but may run
 * before the browser has painted it, and an idle callback could then start the download (and its
 * evaluation) ahead of the paint it was meant to follow. Returns a cancel function, for an
 * effect's cleanup.
 */
export function whenIdle(run: () => void): () => void {
  let cancelIdle = () => {};
  const cancelPaint = afterPaint(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(run, { timeout: 3000 });
      cancelIdle = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(run, 200);
      cancelIdle = () => window.clearTimeout(id);
    }
  });
  return () => {
    cancelPaint();
    cancelIdle();
  };
}
