import { describe, expect, it } from 'vitest';
import { fixtureCatalogue, fixtureProducts } from './__fixtures__/catalogue.ts';
import {
  addToCart,
  buyable,
  CART_STORAGE_KEY,
  changedPrice,
  cartCount,
  cartSubtotalCents,
  lineTotalCents,
  MAX_LINE_QUANTITY,
  parseStoredCart,
  readStoredCart,
  removeFromCart,
  serializeCart,
  setQuantity,
  type CartLine,
} from './cart.ts';
import { createCatalogue } from './lookup.ts';

const kb: CartLine['key'] = 'keyboards:1';

describe('cart rules', () => {
  it('adds a new line of 1, and raises the quantity when the same product and colour come again', () => {
    let lines = addToCart([], kb, 'Black');
    expect(lines).toEqual([{ key: kb, color: 'Black', quantity: 1 }]);
    lines = addToCart(lines, kb, 'Black');
    expect(lines).toEqual([{ key: kb, color: 'Black', quantity: 2 }]);
  });

  it('puts another colour of the same product on a new line', () => {
    const lines = addToCart(addToCart([], kb, 'Black'), kb, 'Red');
    expect(lines).toEqual([
      { key: kb, color: 'Black', quantity: 1 },
      { key: kb, color: 'Red', quantity: 1 },
    ]);
  });

  it('keeps a switch and an accessory with the same id apart', () => {
    let lines = addToCart([], 'switches:205', 'Blue');
    lines = addToCart(lines, 'accessories:205', 'Standard');
    expect(lines).toHaveLength(2);
    lines = removeFromCart(lines, 'switches:205', 'Blue');
    expect(lines).toEqual([{ key: 'accessories:205', color: 'Standard', quantity: 1 }]);
  });

  it('removes only the line of that product and colour', () => {
    const lines = addToCart(addToCart([], kb, 'Black'), kb, 'Red');
    expect(removeFromCart(lines, kb, 'Black')).toEqual([{ key: kb, color: 'Red', quantity: 1 }]);
    expect(removeFromCart(lines, kb, 'White')).toEqual(lines);
  });

  it('sets a quantity but never below 1 nor above the line limit', () => {
    const lines = addToCart([], kb, 'Black');
    expect(setQuantity(lines, kb, 'Black', 5)[0]?.quantity).toBe(5);
    expect(setQuantity(lines, kb, 'Black', 0)[0]?.quantity).toBe(1);
    expect(setQuantity(lines, kb, 'Black', -3)[0]?.quantity).toBe(1);
    expect(setQuantity(lines, kb, 'Black', 1e9)[0]?.quantity).toBe(MAX_LINE_QUANTITY);
    expect(setQuantity(lines, kb, 'Black', Number.NaN)[0]?.quantity).toBe(1);
    expect(setQuantity(lines, kb, 'Red', 7)).toEqual(lines);
  });

  it('stops adding at the line limit', () => {
    let lines = setQuantity(addToCart([], kb, 'Black'), kb, 'Black', MAX_LINE_QUANTITY);
    lines = addToCart(lines, kb, 'Black');
    expect(lines[0]?.quantity).toBe(MAX_LINE_QUANTITY);
  });

  it('does not change the lines it was given', () => {
    const lines = Object.freeze([{ key: kb, color: 'Black', quantity: 1 }]) as readonly CartLine[];
    addToCart(lines, kb, 'Black');
    setQuantity(lines, kb, 'Black', 4);
    expect(lines[0]?.quantity).toBe(1);
  });

  it('counts items and adds up the subtotal in cents from catalogue prices', () => {
    let lines = addToCart([], kb, 'Black'); // $120
    lines = addToCart(lines, kb, 'Black');
    lines = addToCart(lines, 'switches:8', 'Brown'); // $2.50
    lines = addToCart(lines, 'accessories:205', 'Standard'); // $5
    expect(cartCount(lines)).toBe(4);
    expect(cartSubtotalCents(lines, fixtureCatalogue)).toBe(24000 + 250 + 500);
    expect(cartCount([])).toBe(0);
    expect(cartSubtotalCents([], fixtureCatalogue)).toBe(0);
  });
});

describe('parseStoredCart', () => {
  const stored = (lines: unknown) => JSON.stringify({ version: 1, lines });

  it('round-trips what serializeCart wrote, as text or as parsed JSON', () => {
    const lines: CartLine[] = [
      { key: kb, color: 'Red', quantity: 3 },
      { key: 'accessories:205', color: 'Standard', quantity: 1 },
    ];
    expect(CART_STORAGE_KEY).toBe('keebshop.cart.v1');
    expect(parseStoredCart(serializeCart(lines))).toEqual(lines);
    expect(parseStoredCart(JSON.parse(serializeCart(lines)))).toEqual(lines);
  });

  it.each([
    ['not JSON', '{"version":1,"lines":['],
    ['null', 'null'],
    ['a number', 42],
    ['undefined', undefined],
    ['a bare array', [{ key: kb, color: 'Black', quantity: 1 }]],
    ['an outdated version', { version: 0, lines: [{ key: kb, color: 'Black', quantity: 1 }] }],
    ['no version', { lines: [{ key: kb, color: 'Black', quantity: 1 }] }],
    ['lines not a list', { version: 1, lines: { key: kb } }],
  ])('gives an empty cart for %s', (_label, value) => {
    expect(parseStoredCart(value)).toEqual([]);
  });

  it('drops malformed lines and keeps lines the catalogue may no longer sell, for the cart to flag', () => {
    const lines = parseStoredCart(
      stored([
        { key: 'keyboards:999', color: 'Black', quantity: 1 },
        { key: 'keyboards:1', color: 'Purple', quantity: 1 },
        { key: 'switch:205', color: 'Blue', quantity: 1 },
        { key: 1, color: 'Black', quantity: 1 },
        { key: 'keyboards:1', color: ' ', quantity: 1 },
        'keyboards:1',
        null,
        { key: 'switches:205', color: 'Blue', quantity: 2 },
      ]),
    );
    expect(lines).toEqual([
      { key: 'keyboards:999', color: 'Black', quantity: 1 },
      { key: 'keyboards:1', color: 'Purple', quantity: 1 },
      { key: 'switches:205', color: 'Blue', quantity: 2 },
    ]);
  });

  it.each([-1, 0, 1.5, 1e6, 'two', null])('drops a line with quantity %s', (quantity) => {
    const json = JSON.stringify({ version: 1, lines: [{ key: kb, color: 'Black', quantity }] });
    expect(parseStoredCart(json)).toEqual([]);
  });

  it('drops NaN quantities in an already parsed value', () => {
    const value = { version: 1, lines: [{ key: kb, color: 'Black', quantity: Number.NaN }] };
    expect(parseStoredCart(value)).toEqual([]);
  });

  it('merges duplicate lines, within the line limit', () => {
    const line = { key: kb, color: 'Black', quantity: 2 };
    expect(parseStoredCart(stored([line, line]))).toEqual([{ ...line, quantity: 4 }]);
    const big = { ...line, quantity: 600 };
    expect(parseStoredCart(stored([big, big]))[0]?.quantity).toBe(MAX_LINE_QUANTITY);
  });

  it('counts the stored lines it drops, so the shopper can be told', () => {
    const value = stored([
      { key: 'keyboard:1', color: 'Black', quantity: 1 },
      { key: 'keyboards:1', color: '', quantity: 1 },
      { key: kb, color: 'Black', quantity: 0 },
      { key: kb, color: 'Black', quantity: 3 },
    ]);
    expect(readStoredCart(value)).toEqual({
      lines: [{ key: kb, color: 'Black', quantity: 3 }],
      dropped: 3,
    });
    expect(readStoredCart(stored([{ key: kb, color: 'Black', quantity: 1 }])).dropped).toBe(0);
    expect(readStoredCart('not json').dropped).toBe(0);
  });
});

describe('quantities beyond one', () => {
  it('adds several at once, up to the line limit', () => {
    let lines = addToCart([], 'switches:205', 'Blue', 70);
    expect(lines).toEqual([{ key: 'switches:205', color: 'Blue', quantity: 70 }]);
    lines = addToCart(lines, 'switches:205', 'Blue', 35);
    expect(lines[0]?.quantity).toBe(105);
    lines = addToCart(lines, 'switches:205', 'Blue', 990);
    expect(lines[0]?.quantity).toBe(MAX_LINE_QUANTITY);
  });

  it('gives each line its total: unit price times quantity', () => {
    const total = (line: CartLine) => lineTotalCents(line, fixtureCatalogue);
    expect(total({ key: 'switches:8', color: 'Brown', quantity: 70 })).toBe(250 * 70);
    expect(total({ key: kb, color: 'Black', quantity: 999 })).toBe(12000 * 999);
  });
});

describe('what the shop still sells', () => {
  const archived = createCatalogue(
    fixtureProducts.map((p) => (p.key === kb ? { ...p, status: 'archived' as const } : p)),
  );

  it('sells a published product in one of its colours', () => {
    expect(buyable({ key: kb, color: 'Black', quantity: 1 }, fixtureCatalogue)).toBe(true);
  });

  it('does not sell an archived or unknown product or a colour the product lacks, and counts them nothing', () => {
    const lines: CartLine[] = [
      { key: kb, color: 'Black', quantity: 2 },
      { key: 'switches:8', color: 'Brown', quantity: 1 },
    ];
    expect(buyable(lines[0]!, archived)).toBe(false);
    expect(cartSubtotalCents(lines, archived)).toBe(250);
    expect(buyable({ key: 'keyboards:999', color: 'Black', quantity: 1 }, fixtureCatalogue)).toBe(
      false,
    );
    expect(buyable({ key: kb, color: 'Purple', quantity: 1 }, fixtureCatalogue)).toBe(false);
    expect(lineTotalCents({ key: kb, color: 'Purple', quantity: 1 }, fixtureCatalogue)).toBe(0);
  });
});

describe('what a line remembers of its product', () => {
  const seen = { name: 'Mechanical Keyboard Pro', priceCents: 12000 };

  it('keeps the name and price seen when added, the newest when added again', () => {
    let lines = addToCart([], kb, 'Black', 1, seen);
    expect(lines).toEqual([{ key: kb, color: 'Black', quantity: 1, seen }]);
    lines = addToCart(lines, kb, 'Black', 1, { ...seen, priceCents: 13000 });
    expect(lines[0]).toEqual({
      key: kb,
      color: 'Black',
      quantity: 2,
      seen: { ...seen, priceCents: 13000 },
    });
    lines = setQuantity(lines, kb, 'Black', 5);
    expect(lines[0]?.seen?.priceCents).toBe(13000);
  });

  it('says the price seen when the catalogue price differs now, nothing otherwise', () => {
    const line = addToCart([], kb, 'Black', 1, { ...seen, priceCents: 11000 })[0]!;
    expect(changedPrice(line, fixtureCatalogue)).toBe(11000);
    expect(changedPrice({ ...line, seen }, fixtureCatalogue)).toBeUndefined();
    expect(
      changedPrice({ key: kb, color: 'Black', quantity: 1 }, fixtureCatalogue),
    ).toBeUndefined();
  });

  it('round-trips through storage and forgets a malformed memory, keeping the line', () => {
    const lines = addToCart([], kb, 'Black', 2, seen);
    expect(parseStoredCart(serializeCart(lines))).toEqual(lines);
    const bad = [
      { name: '', priceCents: 100 },
      { name: 'X', priceCents: -1 },
      { name: 'X', priceCents: 1.5 },
      'Mechanical Keyboard Pro',
    ];
    for (const memory of bad) {
      const stored = JSON.stringify({
        version: 1,
        lines: [{ key: kb, color: 'Black', quantity: 1, seen: memory }],
      });
      expect(parseStoredCart(stored)).toEqual([{ key: kb, color: 'Black', quantity: 1 }]);
    }
  });
});
