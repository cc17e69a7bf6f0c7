import { describe, expect, it } from 'vitest';
import { cartProblem } from './start-checkout.ts';

describe('the cart checks before checkout (docs/product.md, Checkout)', () => {
  it('names an item with an invalid or missing price or quantity', () => {
    expect(cartProblem([{ key: 'keyboards:999', color: 'Black', quantity: 1 }])).toBe(
      'Checkout Error: Invalid or missing price for item: keyboards:999. Please check cart data.',
    );
    expect(cartProblem([{ key: 'switches:10', color: 'Yellow', quantity: 0 }])).toBe(
      'Checkout Error: Invalid or missing quantity for item: Yellow Switch.',
    );
    expect(cartProblem([{ key: 'switches:10', color: 'Yellow', quantity: Number.NaN }])).toBe(
      'Checkout Error: Invalid or missing quantity for item: Yellow Switch.',
    );
    expect(cartProblem([{ key: 'switches:10', color: 'Yellow', quantity: 3 }])).toBeUndefined();
  });
});
