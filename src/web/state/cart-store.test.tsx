import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY } from '../../catalogue/index.ts';
import { cartStore, useCartCount } from './cart-store.ts';

function Badge() {
  return <p>count {useCartCount()}</p>;
}

beforeEach(() => {
  localStorage.clear();
  cartStore.reload();
});

describe('cartStore', () => {
  it('persists the cart as { version: 1, lines } under keebshop.cart.v1', () => {
    cartStore.add('keyboards:1', 'Red');
    cartStore.add('keyboards:1', 'Red');
    cartStore.add('switches:205', 'Blue');
    expect(JSON.parse(localStorage.getItem('keebshop.cart.v1') ?? 'null')).toEqual({
      version: 1,
      lines: [
        { key: 'keyboards:1', color: 'Red', quantity: 2 },
        { key: 'switches:205', color: 'Blue', quantity: 1 },
      ],
    });
  });

  it('reads a saved cart back, as after a reload', () => {
    cartStore.add('accessories:205', 'Standard');
    cartStore.reload();
    expect(cartStore.getSnapshot()).toEqual([
      { key: 'accessories:205', color: 'Standard', quantity: 1 },
    ]);
  });

  it.each([
    ['not JSON', '{"version":1,"lines":[{'],
    [
      'an outdated version',
      '{"version":0,"lines":[{"key":"keyboards:1","color":"Red","quantity":1}]}',
    ],
    ['a wrong shape', '{"version":1,"lines":"lots"}'],
  ])('drops %s without throwing and starts empty', (_label, stored) => {
    localStorage.setItem(CART_STORAGE_KEY, stored);
    cartStore.reload();
    render(<Badge />);
    expect(screen.getByText('count 0')).toBeTruthy();
    act(() => cartStore.add('keyboards:1', 'Black'));
    expect(screen.getByText('count 1')).toBeTruthy();
  });

  it('drops lines it cannot read, and keeps those the shop may no longer sell for the cart to flag', () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({
        version: 1,
        lines: [
          { key: 'keyboards:1', color: 'Purple', quantity: 1 },
          { key: 'keyboards:999', color: 'Black', quantity: 1 },
          { key: 'keyboards:two', color: 'Green', quantity: 3 },
          { key: 'keyboards:2', color: 'Green', quantity: 0 },
          { key: 'keyboards:2', color: 'Green', quantity: 3 },
        ],
      }),
    );
    cartStore.reload();
    expect(cartStore.getSnapshot()).toEqual([
      { key: 'keyboards:1', color: 'Purple', quantity: 1 },
      { key: 'keyboards:999', color: 'Black', quantity: 1 },
      { key: 'keyboards:2', color: 'Green', quantity: 3 },
    ]);
    expect(cartStore.droppedLines()).toBe(2);
  });

  it('follows changes made in another tab', () => {
    render(<Badge />);
    expect(screen.getByText('count 0')).toBeTruthy();
    const value = JSON.stringify({
      version: 1,
      lines: [{ key: 'switches:9', color: 'Red', quantity: 4 }],
    });
    localStorage.setItem(CART_STORAGE_KEY, value);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY, newValue: value }));
    });
    expect(screen.getByText('count 4')).toBeTruthy();
  });

  it('clear() empties the cart and its stored copy', () => {
    render(<Badge />);
    act(() => cartStore.add('keyboards:3', 'Gray'));
    expect(screen.getByText('count 1')).toBeTruthy();
    act(() => cartStore.clear());
    expect(screen.getByText('count 0')).toBeTruthy();
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });
});
