import { describe, expect, it } from 'vitest';
import { loginReturningTo, safeReturnTo } from './return-to.ts';

describe('returnTo after login', () => {
  it('names the route in the login route', () => {
    expect(loginReturningTo('/cart')).toBe('/login?returnTo=%2Fcart');
  });

  it.each(['/cart', '/orderHistory', '/switches'])('keeps the internal route %s', (path) => {
    expect(safeReturnTo(path)).toBe(path);
  });

  it.each([
    null,
    '',
    'cart',
    '//evil.example/cart',
    'https://evil.example/',
    'javascript:alert(1)',
    '/cart?x=1',
    '/cart#/x',
    '/../cart',
    '/login',
    '/Signup',
    `/${'a'.repeat(60)}`,
  ])('falls back to home for %j', (value) => {
    expect(safeReturnTo(value)).toBe('/');
  });
});
