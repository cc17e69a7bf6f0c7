import { lazy, Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROUTE_MODULES } from './route-modules.ts';
import { findRoute, isRootPath, lazyPage, routes } from './routes.tsx';

describe('lazyPage', () => {
  it('renders a page that its feature already exports through React.lazy', async () => {
    const feature = {
      CartPage: lazy(async () => ({ default: () => <h1>Your Cart</h1> })),
    };
    const Page = lazyPage(
      async () => feature,
      (m) => m.CartPage,
    );
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'Your Cart' })).toBeTruthy();
  });
});

describe('findRoute', () => {
  it('matches like wouter: any case, optional trailing slash', () => {
    expect(findRoute('/orderHistory').title).toBe('Order History');
    expect(findRoute('/orderhistory/').title).toBe('Order History');
    expect(findRoute('/keyboards').title).toBe('Page not found');
  });

  it('sends the paths below the back office to its page, and only those', () => {
    expect(findRoute('/admin').title).toBe('Back office');
    expect(findRoute('/admin/orders/KS-10042').title).toBe('Back office');
    expect(findRoute('/administrator').title).toBe('Page not found');
    expect(findRoute('/orderHistory/KS-10042').title).toBe('Page not found');
  });

  it('leaves / and the empty hash to the redirect', () => {
    expect(isRootPath('/')).toBe(true);
    expect(isRootPath('')).toBe(true);
    expect(isRootPath('/home')).toBe(false);
  });
});

describe('ROUTE_MODULES', () => {
  it('names what every lazily loaded route without a frame needs, so index.html can preload it', () => {
    const lazyRoutes = routes
      .filter((route) => 'preload' in route.Page && !route.Frame)
      .map((route) => route.path.slice(1).toLowerCase());
    expect(Object.keys(ROUTE_MODULES).sort()).toEqual(lazyRoutes.sort());
    // Home is in the entry chunk: nothing to preload.
    expect(lazyRoutes).not.toContain('home');
  });

  it('leaves out the routes whose frame paints first: the list pages and the cart', () => {
    const framed = routes.filter((route) => route.Frame).map((route) => route.path);
    expect(framed).toEqual(['/keyboard', '/switches', '/accessories', '/cart']);
    for (const path of framed) expect(ROUTE_MODULES).not.toHaveProperty(path.slice(1));
  });

  it('names files that exist', () => {
    const sources = Object.keys(import.meta.glob('/src/web/**/*.{ts,tsx}'));
    for (const [route, files] of Object.entries(ROUTE_MODULES)) {
      for (const file of files) expect(sources, route).toContain(`/src/web/${file}`);
    }
  });
});
