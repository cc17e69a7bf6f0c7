// Product photos on the list pages and in the product dialog (docs/product.md, Product lists and
// Product dialog): each card shows its product's first photo through the server's renditions, the
// first card's fetched at once (the page's largest paint), the others when scrolled to; a product
// without photos keeps its drawing; the dialog's thumbnails choose the photo shown large.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixtureCatalogue } from '../../../catalogue/__fixtures__/catalogue.ts';
import { createCatalogue } from '../../../catalogue/lookup.ts';
import type { Photo, Product } from '../../../catalogue/index.ts';
import { installDialogPolyfill } from '../../components/dialog-polyfill.testing.ts';
import { ToastProvider } from '../../components/toast/index.ts';
import { setCatalogue } from '../../state/catalogue.testing.ts';
import { ListPage } from './index.ts';
import { CARD_SIZES } from './ProductCard.tsx';
import { DIALOG_SIZES } from './ProductPhotos.tsx';

const SHOP = 'https://shop.example';
const RENDER = `${SHOP}/storage/v1/render/image/public/product-photos`;
const WIDTHS = [160, 240, 320, 480, 640, 960, 1280];

// Sorted by name, Compact Gaming Keyboard is the first card of the keyboards; Gaming Keyboard Elite
// is further down; Mechanical Keyboard Pro has no photo.
const FIRST = 'Compact Gaming Keyboard';
const ELITE = 'Gaming Keyboard Elite';
const DRAWN = 'Mechanical Keyboard Pro';
const PHOTOS: Record<string, Photo[]> = {
  [FIRST]: [
    {
      path: 'keyboards/114/top.jpg',
      alt: 'A compact board',
      width: 1600,
      height: 1200,
      version: 'a1',
    },
  ],
  [ELITE]: [
    // A key with characters a URL must escape.
    {
      path: 'keyboards/109/front view #1.jpg',
      alt: 'The Elite from the front',
      width: 500,
      height: 400,
      version: 'v7',
    },
    {
      path: 'keyboards/109/side.png',
      alt: 'The Elite from the side',
      width: 2000,
      height: 1000,
      version: 'v8',
    },
  ],
};

beforeAll(installDialogPolyfill);
// Image URLs start from the page's backend, as the server's app-config tag gives it.
const tag = Object.assign(document.createElement('script'), {
  type: 'application/json',
  id: 'app-config',
  textContent: JSON.stringify({ supabaseUrl: `${SHOP}/`, supabaseAnonKey: 'anon' }),
});
beforeAll(() => void document.head.append(tag));
afterAll(() => tag.remove());
beforeEach(() =>
  setCatalogue(
    createCatalogue(
      fixtureCatalogue.products.map((p): Product => ({ ...p, photos: PHOTOS[p.name] ?? p.photos })),
    ),
  ),
);

function renderKeyboards(hash = '#/keyboard') {
  window.history.replaceState(null, '', hash);
  render(
    <ToastProvider>
      <ListPage category="keyboards" />
    </ToastProvider>,
  );
  return userEvent.setup();
}

const cards = () => within(screen.getByRole('list', { name: 'Products' })).getAllByRole('listitem');
const card = (name: string) => cards().find((c) => within(c).queryByRole('button', { name }))!;
const srcset = (path: string, version: string, widths: number[]) =>
  widths.map((w) => `${RENDER}/${path}?width=${w}&cacheNonce=${version} ${w}w`).join(', ');

describe('product photos on the cards', () => {
  it('show the first photo through the renditions: srcset, sizes, size and alt', () => {
    renderKeyboards();
    const img = within(card(ELITE)).getByRole('img', { name: 'The Elite from the front' });
    expect(img.tagName).toBe('IMG');
    // Path segments escaped, the version in every URL; no step wider than the 500 px photo.
    expect(img.getAttribute('srcset')).toBe(
      srcset('keyboards/109/front%20view%20%231.jpg', 'v7', [160, 240, 320, 480, 500]),
    );
    expect(img.getAttribute('src')).toBe(
      `${RENDER}/keyboards/109/front%20view%20%231.jpg?width=320&cacheNonce=v7`,
    );
    expect(img.getAttribute('sizes')).toBe(CARD_SIZES);
    expect(img.getAttribute('width')).toBe('500');
    expect(img.getAttribute('height')).toBe('400');
    expect(img.getAttribute('decoding')).toBe('async');
  });

  it('fetch the first card at once and first, every other when it nears the screen', () => {
    renderKeyboards();
    expect(within(cards()[0]!).getByRole('heading', { level: 2 }).textContent).toBe(FIRST);
    const first = within(cards()[0]!).getByRole('img', { name: 'A compact board' });
    expect(first.getAttribute('loading')).toBe('eager');
    expect(first.getAttribute('fetchpriority')).toBe('high');
    expect(first.getAttribute('srcset')).toBe(srcset('keyboards/114/top.jpg', 'a1', WIDTHS));
    const elite = within(card(ELITE)).getByRole('img');
    expect(elite.getAttribute('loading')).toBe('lazy');
    expect(elite.hasAttribute('fetchpriority')).toBe(false);
  });

  it('make whichever card comes first the eager one', () => {
    renderKeyboards('#/keyboard?q=elite');
    const img = within(cards()[0]!).getByRole('img', { name: 'The Elite from the front' });
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });

  it('keep the drawing of a product without photos', () => {
    renderKeyboards();
    const item = card(DRAWN);
    expect(item.querySelector('img')).toBeNull();
    const drawing = within(item).getByRole('img', { name: `${DRAWN} in Black` });
    expect(drawing.tagName.toLowerCase()).toBe('svg');
  });
});

describe('product photos in the dialog', () => {
  it('show the first photo large, and the thumbnails choose another, by mouse or keyboard', async () => {
    const user = renderKeyboards();
    await user.click(screen.getByRole('button', { name: ELITE }));
    const dialog = screen.getByRole('dialog', { name: ELITE });
    const large = () => dialog.querySelector('.product-dialog__art img')!;
    expect(large().getAttribute('alt')).toBe('The Elite from the front');
    expect(large().getAttribute('sizes')).toBe(DIALOG_SIZES);
    expect(large().getAttribute('loading')).toBe('eager');

    const thumbs = within(within(dialog).getByRole('group', { name: 'Photos' })).getAllByRole(
      'button',
    );
    expect(thumbs.map((t) => t.getAttribute('aria-pressed'))).toEqual(['true', 'false']);
    const side = within(dialog).getByRole('button', { name: 'The Elite from the side' });
    await user.click(side);
    expect(large().getAttribute('alt')).toBe('The Elite from the side');
    expect(large().getAttribute('srcset')).toBe(srcset('keyboards/109/side.png', 'v8', WIDTHS));
    expect(large().getAttribute('width')).toBe('2000');
    expect(side.getAttribute('aria-pressed')).toBe('true');

    // Back to the first with the keyboard: Shift+Tab from the second thumbnail, then Space.
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(thumbs[0]);
    await user.keyboard(' ');
    expect(large().getAttribute('alt')).toBe('The Elite from the front');
    expect(thumbs[0]!.getAttribute('aria-pressed')).toBe('true');
  });

  it('show one photo without thumbnails, and the drawing when there is none', async () => {
    const user = renderKeyboards();
    await user.click(screen.getByRole('button', { name: FIRST }));
    let dialog = screen.getByRole('dialog', { name: FIRST });
    expect(within(dialog).getByRole('img', { name: 'A compact board' }).tagName).toBe('IMG');
    expect(within(dialog).queryByRole('group', { name: 'Photos' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: DRAWN }));
    dialog = screen.getByRole('dialog', { name: DRAWN });
    expect(dialog.querySelector('img')).toBeNull();
    expect(within(dialog).getAllByRole('img', { name: `${DRAWN} in Black` })).toHaveLength(1);
  });
});
