import { lazy, type ComponentType, type JSX } from 'react';
import { loadOnce } from './load-once.ts';

/** A component fetched on first use that, once loaded, renders without suspending. */
export type Preloadable<P extends object = object> = ((props: P) => JSX.Element) & {
  /** Fetches the component (once; a failure may be retried). */
  preload(): Promise<ComponentType<P>>;
  /** Whether it has arrived, so it renders at once. */
  isLoaded(): boolean;
};

/**
 * Like React.lazy, with a preload the router calls before it shows the page. React.lazy always
 * suspends on its first render, and React then holds back the reveal of a Suspense boundary's
 * content for up to 300 ms after its fallback appeared (its throttling of reveals): on a list page
 * that delay alone was a third of the largest paint. A page preloaded first renders straight away;
 * one rendered before its preload (a component test) still works, through React.lazy.
 */
export function preloadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  const preload = loadOnce(() => load().then((component) => (loaded = component)));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function PreloadedComponent(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(PreloadedComponent, { preload, isLoaded: () => loaded !== undefined });
}

/** Preloads `component` if it is preloadable (a page a feature exports lazily); else nothing. */
export async function preloadIfLazy(component: object): Promise<void> {
  if ('preload' in component && typeof component.preload === 'function') {
    await (component as unknown as Preloadable).preload();
  }
}
