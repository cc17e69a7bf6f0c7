import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { preloadable, preloadIfLazy } from './preloadable.tsx';

const page = () => <h1>Keyboards</h1>;

describe('preloadable', () => {
  it('renders at once, without its fallback, once preloaded', async () => {
    const Page = preloadable(async () => page);
    expect(Page.isLoaded()).toBe(false);
    await preloadIfLazy(Page);
    expect(Page.isLoaded()).toBe(true);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>,
    );
    // Synchronously: no fallback frame, so nothing for React to hold back.
    expect(screen.getByRole('heading', { name: 'Keyboards' })).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('still renders when used before any preload, through its fallback', async () => {
    const Page = preloadable(async () => page);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Keyboards' })).toBeTruthy();
  });

  it('loads once, and tries again after a failed load', async () => {
    let calls = 0;
    const Page = preloadable(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return page;
    });
    await expect(Page.preload()).rejects.toThrow('offline');
    await act(() => Page.preload());
    await Page.preload();
    expect(calls).toBe(2);
    expect(Page.isLoaded()).toBe(true);
  });
});
