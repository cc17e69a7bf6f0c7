import {
  startTransition,
  Suspense,
  useEffect,
  useReducer,
  useState,
  type ComponentType,
  type MouseEvent,
} from 'react';
import { ToastProvider } from '../components/toast/ToastProvider.tsx';
import { useHashPath } from '../lib/hash-location.ts';
import { afterFirstPaint } from '../lib/idle.ts';
import { Redirect } from '../lib/hash-link.tsx';
import type { Preloadable } from '../lib/preloadable.tsx';
import { PageBoundary } from './PageBoundary.tsx';
import { PageLoading } from './page-frames.tsx';
import { findRoute, isRootPath } from './routes.tsx';
import { SiteFooter } from './SiteFooter.tsx';
import { SiteHeader } from './SiteHeader.tsx';
import { shellText } from './texts.ts';
import { useRouteChange } from './use-route-change.ts';
import './theme.css';
import './layout.css';

/**
 * The route's page, once its chunks are here: until then its frame (page-frames.tsx) or the loading
 * line, without suspending, so React shows the page the moment it arrives (lib/preloadable.tsx
 * says why that matters). A chunk that fails to load reaches PageBoundary.
 */
function RoutePage({ page: Page, frame: Frame }: { page: ComponentType; frame?: ComponentType }) {
  const lazy = 'preload' in Page ? (Page as Preloadable) : undefined;
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const [, arrived] = useReducer((n: number) => n + 1, 0);
  const ready = !lazy || lazy.isLoaded();
  const framed = Frame !== undefined;
  useEffect(() => {
    if (ready || !lazy) return undefined;
    let current = true;
    const load = () =>
      lazy.preload().then(
        // A transition: React renders the page in slices, yielding to the browser between them,
        // instead of one long task (a list page is a few hundred elements).
        () => current && startTransition(arrived),
        (error: unknown) => current && setFailure({ error }),
      );
    // A frame is painted first, its page's chunks fetched after: they would share the link with
    // the first chunk and hold the frame back (ADR 0037). Without a frame, at once.
    const cancel = framed ? afterFirstPaint(load) : (load(), () => {});
    return () => {
      current = false;
      cancel();
    };
  }, [lazy, ready, framed]);
  if (failure) throw failure.error;
  if (ready) return <Page />;
  return Frame ? (
    <div data-page-frame="">
      <Frame />
    </div>
  ) : (
    <PageLoading />
  );
}

function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  // The hash holds the route, so the link must not change it: move focus to <main> instead.
  event.preventDefault();
  document.getElementById('main')?.focus();
}

function Shell() {
  const [path] = useHashPath();
  const redirect = isRootPath(path);
  const route = findRoute(path);
  useRouteChange(path, route.title, redirect);
  const { Page } = route;

  return (
    <>
      <a className="skip-link" href="#main" onClick={skipToContent}>
        {shellText.skipLink}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="site-main">
        {redirect ? (
          <Redirect to="/home" replace />
        ) : (
          <PageBoundary key={route.path}>
            <Suspense fallback={<PageLoading />}>
              <RoutePage page={Page} frame={route.Frame} />
            </Suspense>
          </PageBoundary>
        )}
      </main>
      {!route.hideFooter && !redirect && <SiteFooter />}
    </>
  );
}

export function App() {
  return (
    <ToastProvider>
      <Shell />
    </ToastProvider>
  );
}
