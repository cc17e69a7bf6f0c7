import { describe, expect, it } from 'vitest';
import {
  fixtureCatalogue,
  fixtureProduct,
  fixtureProducts,
} from '../../../catalogue/__fixtures__/catalogue.ts';
import { createCatalogue, type CartLine, type Product } from '../../../catalogue/index.ts';
import { cartProblem } from './start-checkout.ts';

const yellow = (quantity: number): CartLine => ({ key: 'switches:10', color: 'Yellow', quantity });

/** The fixture catalogue with one product changed. */
const withProduct = (changed: Product) =>
  createCatalogue(fixtureProducts.map((p) => (p.key === changed.key ? changed : p)));

describe('the cart checks before checkout (docs/product.md, Checkout)', () => {
  it('names an item with an invalid or missing price or quantity', () => {
    const free = withProduct({ ...fixtureProduct('switches:10'), price: 0, priceCents: 0 });
    expect(cartProblem([yellow(1)], free)).toBe(
      'Checkout Error: Invalid or missing price for item: Yellow Switch. Please check cart data.',
    );
    expect(cartProblem([yellow(0)], fixtureCatalogue)).toBe(
      'Checkout Error: Invalid or missing quantity for item: Yellow Switch.',
    );
    expect(cartProblem([yellow(Number.NaN)], fixtureCatalogue)).toBe(
      'Checkout Error: Invalid or missing quantity for item: Yellow Switch.',
    );
    expect(cartProblem([yellow(3)], fixtureCatalogue)).toBeUndefined();
  });

  it('refuses a line the shop no longer sells: unknown, archived, or a colour gone', () => {
    const refused =
      'Checkout Error: An item in your cart is no longer available. Remove it to check out.';
    const unknown: CartLine = { key: 'keyboards:999', color: 'Black', quantity: 1 };
    expect(cartProblem([yellow(1), unknown], fixtureCatalogue)).toBe(refused);
    const archived = withProduct({ ...fixtureProduct('switches:10'), status: 'archived' });
    expect(cartProblem([yellow(1)], archived)).toBe(refused);
    expect(cartProblem([{ ...yellow(1), color: 'Purple' }], fixtureCatalogue)).toBe(refused);
  });
});
