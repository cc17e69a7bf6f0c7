import { describe, expect, it } from 'vitest';
import type { Json } from '../../../../contracts/database.ts';
import type { AuditRow } from '../types.ts';
import { historyEntries, historyWhat, historyWho } from './history.ts';

const entry = (action: string, before: Json, after: Json): AuditRow => ({
  id: 1,
  at: '2026-11-28T12:00:00Z',
  staff_id: 'u1',
  staff_email: 'staff@example.com',
  action,
  order_id: null,
  product_key: 'keyboards:1',
  before,
  after,
});

const board = {
  key: 'keyboards:1',
  category: 'keyboards',
  name: 'Mechanical Keyboard Pro',
  description: 'Old words.',
  price_cents: 12000,
  status: 'published',
  specs: { weightG: 1250, connectivity: ['Wired'], hotSwap: '5-pin' },
  updated_at: '2026-11-28T11:00:00Z',
};

describe('a product history entry in words', () => {
  it('shows each changed field as staff know it, and leaves out the bookkeeping', () => {
    const after = {
      ...board,
      price_cents: 13000,
      status: 'archived',
      description: 'New words.',
      specs: { weightG: 1300, connectivity: ['Wired', 'Bluetooth'], hotSwap: null },
      updated_at: '2026-11-28T12:00:00Z',
    };
    expect(historyWhat(entry('product.update', board, after))).toEqual({
      action: 'Changed',
      changes: [
        'Description changed',
        'Price $120.00 → $130.00',
        'Status Published → Archived',
        'Weight 1,250 g → 1,300 g',
        'Connectivity Wired → Wired, Bluetooth',
        'Switch sockets Hot-swap, 5-pin → Soldered',
      ],
    });
  });

  it('names a colour added, removed or changed', () => {
    const black = { product_key: 'keyboards:1', color: 'Black', sku: 'KB-1-BLACK', position: 1 };
    expect(historyWhat(entry('variant.insert', null, black))).toEqual({
      action: 'Colour added',
      changes: ['Black, SKU KB-1-BLACK'],
    });
    expect(historyWhat(entry('variant.delete', black, null)).changes).toEqual([
      'Black, SKU KB-1-BLACK',
    ]);
    const moved = { ...black, sku: 'KB-1-BLK', position: 2 };
    expect(historyWhat(entry('variant.update', black, moved)).changes).toEqual([
      'Black: SKU KB-1-BLACK → KB-1-BLK',
      'Black: Position 1 → 2',
    ]);
  });

  it('says who: the staff member, a deleted account, or the system', () => {
    const e = entry('product.insert', null, board);
    expect(historyWho(e)).toBe('staff@example.com');
    expect(historyWho({ ...e, staff_email: null })).toBe('Deleted staff account');
    expect(historyWho({ ...e, staff_email: null, staff_id: null })).toBe('The system');
    expect(historyWhat(e)).toEqual({
      action: 'Created',
      changes: ['Mechanical Keyboard Pro, $120.00, Published'],
    });
  });

  it('names a photo by its alt text, and one reorder as one change', () => {
    const photo = {
      product_key: 'keyboards:1',
      bucket_id: 'product-photos',
      object_path: 'keyboards/1/5f0c.png',
      alt: 'Black board, top view',
      position: 0,
      width: 640,
      height: 480,
      created_at: '2026-11-28T11:00:00Z',
    };
    expect(historyWhat(entry('photo.insert', null, photo))).toEqual({
      action: 'Photo added',
      changes: ['“Black board, top view”'],
    });
    expect(historyWhat(entry('photo.delete', photo, null))).toEqual({
      action: 'Photo removed',
      changes: ['“Black board, top view”'],
    });
    expect(historyWhat(entry('photo.update', photo, { ...photo, alt: 'Black board' }))).toEqual({
      action: 'Photo changed',
      changes: ['Alt text “Black board, top view” → “Black board”'],
    });

    // A swap writes one row per photo moved, at the transaction's time.
    const other = { ...photo, object_path: 'keyboards/1/77aa.png', alt: 'Side', position: 1 };
    const moved = [
      { ...entry('photo.update', other, { ...other, position: 0 }), id: 12 },
      { ...entry('photo.update', photo, { ...photo, position: 1 }), id: 11 },
    ];
    const earlier = { ...moved[1]!, id: 10, at: '2026-11-28T11:30:00Z' };
    const shown = historyEntries([...moved, earlier]);
    expect(shown.map((e) => e.id)).toEqual([12, 10]);
    expect(historyWhat(shown[0]!)).toEqual({ action: 'Photo order changed', changes: [] });
  });
});
