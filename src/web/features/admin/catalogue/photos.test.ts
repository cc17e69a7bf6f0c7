import { describe, expect, it } from 'vitest';
import type { ProductRow } from './api.ts';
import {
  afterPhotoChange,
  altProblem,
  fileProblem,
  newPhotoPath,
  thumbnailUrl,
  uuid,
} from './photos.ts';

const file = (name: string, type: string, size = 10) =>
  new File([new Uint8Array(size)], name, { type });

const row = {
  key: 'accessories:1000',
  category: 'accessories',
  id: 1000,
  url_key: 'cable',
  name: 'Cable',
  description: '',
  price_cents: 999,
  selected_color: 'Black',
  seed_ratings: [],
  connectivity: 'Wired',
  product_type: 'Connectivity',
  drawing: 'cable',
  specs: { material: 'Nylon' },
  status: 'draft',
  position: 1,
  variants: [{ color: 'Black', sku: 'C-1' }],
  photos: [],
  updated_at: '2026-11-28T12:00:00.000000+00:00',
} as unknown as ProductRow;

const photo = {
  path: 'accessories/1000/a.png',
  alt: 'A cable',
  width: 64,
  height: 48,
  version: 'v1',
};

describe('the photo editor’s rules', () => {
  it('puts every upload under a new path of its product, named by a random UUID', () => {
    expect(uuid(new Uint8Array(16))).toBe('00000000-0000-4000-8000-000000000000');
    const first = newPhotoPath(row, file('IMG_1.JPG', 'image/jpeg'));
    expect(first).toMatch(
      /^accessories\/1000\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.jpg$/,
    );
    expect(newPhotoPath(row, file('IMG_1.JPG', 'image/jpeg'))).not.toBe(first);
    // The extension follows the declared type, else the name, else a neutral one.
    expect(newPhotoPath(row, file('x.png', 'image/webp'))).toMatch(/\.webp$/);
    expect(newPhotoPath(row, file('x.PNG', ''))).toMatch(/\.png$/);
    expect(newPhotoPath(row, file('photo', ''))).toMatch(/\.img$/);
  });

  it('refuses before sending what the bucket would refuse for sure', () => {
    expect(fileProblem(file('a.png', 'image/png', 10_000_000))).toBeNull();
    expect(fileProblem(file('a.png', 'image/png', 10_000_001))).toBe(
      'This file is larger than 10 MB: choose a smaller one.',
    );
    expect(fileProblem(file('a.gif', 'image/gif'))).toBe(
      'This file is not a JPEG, PNG or WebP image: choose another one.',
    );
    // A declared image is the server's to check (by its content).
    expect(fileProblem(file('notes.png', 'image/png'))).toBeNull();
    expect(fileProblem(file('photo', ''))).toBeNull();
  });

  it('asks for alt text of 1 to 250 characters', () => {
    expect(altProblem('  ')).toBe('Describe the photo: enter its alt text.');
    expect(altProblem('x'.repeat(250))).toBeNull();
    expect(altProblem(` ${'x'.repeat(250)} `)).toBeNull();
    expect(altProblem('x'.repeat(251))).toBe('Keep the alt text to 250 characters.');
  });

  it('asks the server for a rendition by width, with the file’s version as cacheNonce', () => {
    expect(thumbnailUrl('http://shop/storage/v1', photo, 160)).toBe(
      'http://shop/storage/v1/render/image/public/product-photos/accessories/1000/a.png?width=160&cacheNonce=v1',
    );
    expect(
      thumbnailUrl('http://shop/storage/v1', { ...photo, path: 'a/b c#1.png', version: null }, 320),
    ).toBe('http://shop/storage/v1/render/image/public/product-photos/a/b%20c%231.png?width=320');
  });

  it('takes the product back after a photo change only when nothing the form saves changed', () => {
    const fresh = { ...row, photos: [photo], updated_at: '2026-11-28T12:01:00.000000+00:00' };
    expect(afterPhotoChange(row, fresh)).toBe(fresh);
    // Someone else changed the price meanwhile: the editor keeps its version, so a save is refused.
    const changed = { ...fresh, price_cents: 1299 };
    expect(afterPhotoChange(row, changed)).toEqual({ ...row, photos: [photo] });
  });
});
