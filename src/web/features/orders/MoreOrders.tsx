import { useEffect, useRef } from 'react';
import type { MoreOrders as More } from './use-order-history.ts';
import { ORDERS_TEXT as T } from './texts.ts';

/** How far below the viewport the end of the list starts the next page. */
const AHEAD = '0px 0px 600px 0px';

interface MoreOrdersProps {
  more: More;
  /** Orders on the page so far. */
  count: number;
  /** Asks for the next page; `byButton` when the shopper pressed the button (focus follows). */
  onMore: (byButton: boolean) => void;
  /** More than one page was asked for: worth saying when the history ends. */
  paged: boolean;
}

/**
 * The end of the order list: the next page loads when the shopper scrolls near it or presses "Show
 * more orders" (a real button, for keyboards and where IntersectionObserver is missing). A status
 * line announces loading, how many orders are shown and the end; a failure is an alert with "Try
 * again", and scrolling does not retry on its own.
 */
export function MoreOrders({ more, count, onMore, paged }: MoreOrdersProps) {
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const node = end.current;
    if (more !== 'available' || !node || typeof IntersectionObserver === 'undefined') {
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onMore(false);
      },
      { rootMargin: AHEAD },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [more, onMore]);

  const status =
    more === 'loading'
      ? T.loadingMore
      : more === 'done'
        ? paged
          ? T.allShown(count)
          : ''
        : paged
          ? T.shown(count)
          : '';

  // One button throughout ("Show more orders", then "Try again" after a failure), so the focus
  // stays on it.
  return (
    <div className="orders-more" ref={end}>
      <p className="orders-more__status" role="status" tabIndex={-1}>
        {status}
      </p>
      {more === 'failed' && <p role="alert">{T.moreFailed}</p>}
      {more !== 'done' && (
        <button
          className="button"
          type="button"
          aria-disabled={more === 'loading'}
          onClick={() => onMore(true)}
        >
          {more === 'failed' ? T.retry : T.showMore}
        </button>
      )}
    </div>
  );
}
