// Product photo URLs (docs/decisions/0046-photos-in-the-database.md, Immutable URLs): the server's
// renditions are cached for a year, so a URL must name the photo's version, and any key Storage
// accepts must reach the server as that key.
import { StorageClient } from '@supabase/storage-js';
import { describe, expect, it } from 'vitest';
import type { Photo } from '../../../catalogue/index.ts';
import { encodePath, photoSources, renditionUrl, widthsFor } from './photo-urls.ts';

const STORAGE = 'https://shop.example/storage/v1';
const photo = (change: Partial<Photo> = {}): Photo => ({
  path: 'keyboards/1/top.jpg',
  alt: 'The board from above',
  width: 2000,
  height: 1500,
  version: '0f3c6a52-3b0e-4c5e-9a43-0d6f5d8c1e11',
  ...change,
});

describe('product photo URLs', () => {
  it('are the URLs storage-js getPublicUrl builds, with the version as its cacheNonce', () => {
    const client = new StorageClient(STORAGE, {});
    const p = photo();
    const official = client.from('product-photos').getPublicUrl(p.path, {
      transform: { width: 320 },
      cacheNonce: p.version!,
    }).data.publicUrl;
    expect(renditionUrl(STORAGE, p, 320)).toBe(official);
    expect(official).toBe(
      `${STORAGE}/render/image/public/product-photos/keyboards/1/top.jpg?width=320&cacheNonce=${p.version}`,
    );
  });

  it('change with the version, and leave it out for an object without one', () => {
    expect(renditionUrl(STORAGE, photo({ version: 'v2' }), 320)).not.toBe(
      renditionUrl(STORAGE, photo({ version: 'v1' }), 320),
    );
    expect(renditionUrl(STORAGE, photo({ version: null }), 320)).toBe(
      `${STORAGE}/render/image/public/product-photos/keyboards/1/top.jpg?width=320`,
    );
  });

  it('encode each path segment, so the server decodes the very key (src/server/storage/keys.ts)', () => {
    const key = "keyboards/1/front view?#1&2+3=(x)'é.jpg";
    const url = new URL(renditionUrl(STORAGE, photo({ path: key }), 160));
    expect(url.pathname).toBe(
      '/storage/v1/render/image/public/product-photos/keyboards/1/' +
        "front%20view%3F%231%262%2B3%3D(x)'%C3%A9.jpg",
    );
    expect(decodeURIComponent(url.pathname.split('/product-photos/')[1]!)).toBe(key);
    expect(url.searchParams.get('width')).toBe('160');
    expect(encodePath('a b/c')).toBe('a%20b/c');
  });

  it('offer the steps the photo is wide enough for, then its own width, never more', () => {
    expect(widthsFor(photo({ width: 2000 }))).toEqual([160, 240, 320, 480, 640, 960, 1280]);
    expect(widthsFor(photo({ width: 1280 }))).toEqual([160, 240, 320, 480, 640, 960, 1280]);
    expect(widthsFor(photo({ width: 500 }))).toEqual([160, 240, 320, 480, 500]);
    expect(widthsFor(photo({ width: 100 }))).toEqual([100]);
  });

  it('make a srcset of those widths and a middle-sized src', () => {
    const p = photo({ width: 500, version: 'v1' });
    const { srcSet, src } = photoSources(STORAGE, p);
    const url = (w: number) =>
      `${STORAGE}/render/image/public/product-photos/keyboards/1/top.jpg?width=${w}&cacheNonce=v1`;
    expect(srcSet).toBe([160, 240, 320, 480, 500].map((w) => `${url(w)} ${w}w`).join(', '));
    expect(src).toBe(url(320));
  });
});
