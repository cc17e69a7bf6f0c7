import { useEffect, useRef } from 'react';
import { shellText } from './texts.ts';

// Focus the page's h1 once it is in the DOM: lazy pages render it only after their chunk arrives.
function focusHeadingWhenReady(container: HTMLElement): () => void {
  const focusHeading = () => {
    const heading = container.querySelector('h1');
    // A page frame's heading goes when the page comes (page-frames.tsx): wait for the page's.
    if (!heading || heading.closest('[data-page-frame]')) return false;
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
    return true;
  };
  if (focusHeading()) return () => {};
  const observer = new MutationObserver(() => {
    if (focusHeading()) observer.disconnect();
  });
  observer.observe(container, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/**
 * Keeps document.title in step with the route and, after the user navigates (not on first load,
 * nor on the redirect from `/`), scrolls to the top and moves focus to the new page's h1 so
 * keyboard and screen-reader users land on the new content. Query-only changes (search, sort,
 * filters) keep focus where it is.
 */
export function useRouteChange(path: string, title: string, isRedirect: boolean): void {
  const landed = useRef(false);
  const previous = useRef(path);

  useEffect(() => {
    document.title = `${title} · ${shellText.brand}`;
  }, [title]);

  useEffect(() => {
    if (isRedirect) return;
    if (!landed.current) {
      landed.current = true;
      previous.current = path;
      return;
    }
    if (previous.current === path) return;
    previous.current = path;
    const main = document.getElementById('main');
    if (!main) return;
    document.documentElement.scrollTop = 0;
    return focusHeadingWhenReady(main);
  }, [path, isRedirect]);
}
