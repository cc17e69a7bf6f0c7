import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { captureMailedLink } from '../lib/mailed-link.ts';
import { App } from './App.tsx';
import { setCatalogue } from '../state/catalogue.testing.ts';

function renderAt(hash: string) {
  window.history.replaceState(null, '', hash);
  return render(<App />);
}

const heading = (name: string) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

// The fixture's catalogue, as if the shop had answered.
beforeEach(() => setCatalogue());

describe('routing', () => {
  it('redirects #/ to #/home, replacing the entry', async () => {
    const before = window.history.length;
    renderAt('#/');
    await heading('Find Your Perfect Gaming Keyboard');
    expect(window.location.hash).toBe('#/home');
    expect(window.history.length).toBe(before);
  });

  it('treats an empty hash as #/ and lands on home', async () => {
    renderAt('/keebshop/');
    await heading('Find Your Perfect Gaming Keyboard');
    expect(window.location.hash).toBe('#/home');
  });

  it('shows a not-found page with a link back home for an unknown route', async () => {
    renderAt('#/no-such-page');
    await heading('Page not found');
    expect(document.title).toBe('Page not found · Keebshop');
    await userEvent.click(screen.getByRole('link', { name: 'Back to home' }));
    await heading('Find Your Perfect Gaming Keyboard');
    expect(window.location.hash).toBe('#/home');
  });

  it('matches a route whose hash carries a query', async () => {
    renderAt('#/orderSuccess?session_id=cs_test_123');
    await heading('Order Confirmation');
  });

  it.each([
    ['#/login', 'Login'],
    ['#/signup', 'Sign Up'],
    ['#/settings', 'Account Settings'],
    ['#/orderHistory', 'Order History'],
    ['#/orderSuccess', 'Order Confirmation'],
    ['#/forgotPassword', 'Forgot password'],
    ['#/resetPassword', 'Set a new password'],
  ])('%s renders its page with the heading "%s" and title', async (hash, name) => {
    renderAt(hash);
    await heading(name);
    expect(document.title).toBe(`${name} · Keebshop`);
  });

  it("shows a mailed link's error, not the not-found page, once start-up has taken the fragment", async () => {
    window.history.replaceState(
      null,
      '',
      '/keebshop/#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=',
    );
    captureMailedLink();
    render(<App />);
    await heading('Link invalid or expired');
    expect(screen.queryByText('Page not found')).toBeNull();
    expect(window.location.hash).toBe('#/emailLink?error=otp_expired');
  });
});

describe('navigation', () => {
  it('has the main links, with the current page marked', async () => {
    renderAt('#/home');
    await heading('Find Your Perfect Gaming Keyboard');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Home',
      'Keyboards',
      'Switches',
      'Accessories',
      'Cart',
      'Login',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '#/home',
      '#/keyboard',
      '#/switches',
      '#/accessories',
      '#/cart',
      '#/login',
    ]);
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Login' }).hasAttribute('aria-current')).toBe(
      false,
    );
  });

  it('moves focus to the new page heading after navigating, but not on first load', async () => {
    renderAt('#/home');
    const home = await heading('Find Your Perfect Gaming Keyboard');
    expect(document.activeElement).not.toBe(home);

    await userEvent.click(screen.getByRole('link', { name: 'Login' }));
    const login = await heading('Login');
    expect(window.location.hash).toBe('#/login');
    expect(document.title).toBe('Login · Keebshop');
    expect(document.activeElement).toBe(login);
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('aria-current')).toBe('page');
  });

  it('leaves focus alone when only the query changes', async () => {
    renderAt('#/orderHistory');
    await heading('Order History');
    const link = screen.getByRole('link', { name: 'Home' });
    link.focus();
    act(() => {
      window.history.replaceState(null, '', '#/orderHistory?page=2');
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(document.activeElement).toBe(link);
  });

  it('the skip link moves focus to the main content without changing the route', async () => {
    renderAt('#/home');
    await heading('Find Your Perfect Gaming Keyboard');
    await userEvent.click(screen.getByRole('link', { name: 'Skip to content' }));
    expect(document.activeElement).toBe(screen.getByRole('main'));
    expect(window.location.hash).toBe('#/home');
  });
});

describe('footer', () => {
  it.each([
    ['#/home', 'Find Your Perfect Gaming Keyboard'],
    ['#/orderHistory', 'Order History'],
    ['#/missing', 'Page not found'],
  ])('is shown on %s', async (hash, name) => {
    renderAt(hash);
    await heading(name);
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toMatch(/© \d{4} Keebshop/);
    const social = within(footer).getAllByRole('link');
    expect(social.map((link) => link.textContent)).toEqual([
      'Discord (opens in a new tab)',
      'YouTube (opens in a new tab)',
      'Instagram (opens in a new tab)',
    ]);
    for (const link of social) expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it.each([
    ['#/login', 'Login'],
    ['#/signup', 'Sign Up'],
    ['#/settings', 'Account Settings'],
  ])('is hidden on %s', async (hash, name) => {
    renderAt(hash);
    await heading(name);
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('comes back when leaving a page without it', async () => {
    renderAt('#/login');
    await heading('Login');
    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    await heading('Find Your Perfect Gaming Keyboard');
    expect(screen.queryByRole('contentinfo')).not.toBeNull();
  });
});
