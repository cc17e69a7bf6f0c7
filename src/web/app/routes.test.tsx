import { lazy, Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findRoute, isRootPath, lazyPage } from './routes.tsx';

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
