import { useCallback, useMemo, useSyncExternalStore } from 'react';

// Routes live in the hash and so does their query: `#/keyboard?q=pro&sort=price-asc`.
// wouter's own hash hook reads the query from location.search (before the `#`) and treats a `?`
// inside the hash as part of the path, so a shared list link would not match its route. This hook
// splits the hash itself: path before the first `?`, query after it.

export interface NavigateOptions {
  /** Replace the current history entry instead of adding one (typing in a search box). */
  replace?: boolean;
  /** history.state for the entry (default: keep the current one). */
  state?: unknown;
}

function rawHash(): string {
  return window.location.hash.replace(/^#\/?/, '');
}

function currentPath(): string {
  const hash = rawHash();
  const end = hash.indexOf('?');
  return '/' + (end === -1 ? hash : hash.slice(0, end));
}

function currentQuery(): string {
  const hash = rawHash();
  const start = hash.indexOf('?');
  return start === -1 ? '' : hash.slice(start + 1);
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/** Goes to a hash route such as `/keyboard?q=pro`; a path without a query drops the current one. */
export function navigate(to: string, options: NavigateOptions = {}): void {
  const target = '#/' + to.replace(/^#?\/?/, '');
  if (target === window.location.hash || (target === '#/' && window.location.hash === '')) return;
  const oldURL = window.location.href;
  // history.pushState keeps the call synchronous (setting location.hash fires hashchange later).
  const state = 'state' in options ? options.state : window.history.state;
  window.history[options.replace ? 'replaceState' : 'pushState'](state, '', target);
  window.dispatchEvent(new HashChangeEvent('hashchange', { oldURL, newURL: window.location.href }));
}

/** wouter location hook: the path part of the hash. */
export function useHashPath(): [string, typeof navigate] {
  return [useSyncExternalStore(subscribe, currentPath, () => '/'), navigate];
}
/** wouter search hook: the query part of the hash, without `?`. */
export function useHashSearch(): string {
  return useSyncExternalStore(subscribe, currentQuery, () => '');
}
useHashPath.searchHook = useHashSearch;
useHashPath.hrefs = (href: string) => '#' + href;

export type QueryUpdate = URLSearchParams | ((current: URLSearchParams) => URLSearchParams);

/**
 * The query of the current hash route as URLSearchParams, and a setter that keeps the path and
 * writes the new query (push by default; pass `{ replace: true }` while the user types).
 * Empty params remove the `?` altogether.
 */
export function useHashQuery(): [
  URLSearchParams,
  (update: QueryUpdate, options?: NavigateOptions) => void,
] {
  const query = useHashSearch();
  const params = useMemo(() => new URLSearchParams(query), [query]);
  const setParams = useCallback((update: QueryUpdate, options?: NavigateOptions) => {
    // Read the live hash, not the render's snapshot, so two updates in one event both apply.
    const current = new URLSearchParams(currentQuery());
    const next = typeof update === 'function' ? update(current) : update;
    // ':' may stay as it is in a query (RFC 3986), so product keys read well in shared links.
    const search = next.toString().replace(/%3A/gi, ':');
    navigate(currentPath() + (search ? '?' + search : ''), options);
  }, []);
  return [params, setParams];
}
