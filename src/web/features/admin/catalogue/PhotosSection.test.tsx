import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { installDialogPolyfill } from '../../../components/dialog-polyfill.testing.ts';
import type { SessionStore } from '../../../lib/session.ts';
import { testShopPerFile } from '../../../lib/test-shop.testing.tsx';
import { account } from '../admin.testing.ts';
import { AdminPage } from '../index.ts';
import type { ProductRow } from './api.ts';
import { addPhoto, removePhoto, saveAltText, setPhotoOrder } from './photos-api.ts';
import { pngFile as png, sendJsdomFormData } from './photos.testing.ts';
import { go, seedProduct } from './products.testing.ts';

// The Photos section of the product editor against the real server: files through the Storage
// API, rows in public.product_photos, the audit log read back as the history.
const shop = testShopPerFile();
sendJsdomFormData();
configure({ asyncUtilTimeout: 10_000 });

beforeAll(() => installDialogPolyfill());

interface PhotoRow {
  object_path: string;
  alt: string;
  position: number;
  width: number;
  height: number;
}
const photoRows = (key: string) =>
  shop.server.query<PhotoRow>(
    `SELECT object_path, alt, position, width, height FROM public.product_photos
     WHERE product_key = $1 ORDER BY position`,
    [key],
  );
const storedObjects = async (row: ProductRow) =>
  (
    await shop.server.query<{ name: string }>(
      `SELECT name FROM storage.objects WHERE bucket_id = 'product-photos' AND name LIKE $1
       ORDER BY name`,
      [`${row.category}/${row.id}/%`],
    )
  ).map((o) => o.name);

/** The editor of a new cable with these photos, as a staff member. */
async function openEditor(alts: string[] = []): Promise<{ cable: ProductRow }> {
  const { store } = await account(shop, true);
  const cable = await seedProduct(store);
  await seedPhotos(store, cable, alts);
  go(`#/admin/products/${encodeURIComponent(cable.key)}`);
  shop.renderPage(<AdminPage />, store);
  await screen.findByRole('heading', { level: 2, name: 'Photos' });
  return { cable };
}

/** Adds photos as the editor does, through the staff member's own clients. */
async function seedPhotos(store: SessionStore, cable: ProductRow, alts: string[]) {
  for (const alt of alts) {
    const added = await addPhoto(await store.backend(), cable, await png(`${alt}.png`), alt);
    if (!added.ok) throw new Error(added.message);
  }
}

const photoNames = () =>
  within(screen.getByRole('list', { name: 'Photos' }))
    .getAllByRole('img')
    .map((img) => img.getAttribute('alt'));

describe('Back office: a product’s photos', () => {
  it('uploads a photo with its alt text: the thumbnail shows, the shop lists it, the history says so', async () => {
    const { cable } = await openEditor();
    const user = userEvent.setup();
    expect(screen.getByText('No photos yet: the shop shows the product’s drawing.')).toBeTruthy();

    await user.upload(screen.getByLabelText('Add photos'), await png('front.png'));
    expect(
      screen.getByText('1 file to upload: describe each one below, then upload.'),
    ).toBeTruthy();
    // A preview to describe it by (a data: URL: the page's CSP takes no blob: images).
    await waitFor(() =>
      expect(document.querySelector('.product-photos__add img')?.getAttribute('src')).toMatch(
        /^data:image\/png;base64,/,
      ),
    );
    const alt = screen.getByLabelText('Alt text for front.png');
    // No words, no upload.
    await user.click(screen.getByRole('button', { name: 'Upload 1 photo' }));
    expect(screen.getByText('Describe the photo: enter its alt text.')).toBeTruthy();
    expect(screen.getByText('Nothing was uploaded: describe each photo first.')).toBeTruthy();
    expect(shop.requests.some((r) => r.startsWith('POST /storage/'))).toBe(false);

    await user.type(alt, 'Black cable, coiled');
    await user.click(screen.getByRole('button', { name: 'Upload 1 photo' }));
    const thumbnail = await screen.findByRole('img', { name: 'Black cable, coiled' });
    expect(await screen.findByText('1 photo added.')).toBeTruthy();
    expect(screen.queryByText('Photos to upload')).toBeNull();
    expect((screen.getByLabelText('Alt text of photo 1') as HTMLInputElement).value).toBe(
      'Black cable, coiled',
    );

    const [row, ...others] = await photoRows(cable.key);
    expect(others).toEqual([]);
    expect(row).toMatchObject({ alt: 'Black cable, coiled', position: 0, width: 64, height: 48 });
    expect(row!.object_path).toMatch(new RegExp(`^accessories/${cable.id}/[0-9a-f-]{36}\\.png$`));
    const [listed] = await shop.server.query<{ photos: unknown }>(
      'SELECT photos FROM public.catalogue_products WHERE key = $1',
      [cable.key],
    );
    expect(listed?.photos).toEqual([
      {
        path: row!.object_path,
        alt: 'Black cable, coiled',
        width: 64,
        height: 48,
        version: expect.any(String),
      },
    ]);
    // The thumbnail is the server's rendition of that file, at that version.
    const src = thumbnail.getAttribute('src')!;
    expect(src).toContain(`/storage/v1/render/image/public/product-photos/${row!.object_path}?`);
    expect(src).toContain('width=160');
    expect(src).toContain('cacheNonce=');
    const rendition = await fetch(src);
    expect(rendition.status).toBe(200);
    expect(rendition.headers.get('content-type')).toMatch(/^image\//);

    const history = await screen.findByRole('table', { name: 'History' });
    const entry = (await within(history).findByText('“Black cable, coiled”')).closest('tr')!;
    expect(within(entry).getByText('Photo added')).toBeTruthy();

    // The photo moved the product's updated_at: the form still saves, not refused as stale.
    const price = screen.getByLabelText('Price in dollars');
    await user.clear(price);
    await user.type(price, '12.50');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(`Saved ${cable.name}.`)).toBeTruthy();
  });

  it('uploads several files chosen at once, one by one, in the order chosen', async () => {
    const { cable } = await openEditor(['Front']);
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Add photos'), [
      await png('side.png', 40, 40),
      await png('back.png', 30, 60),
    ]);
    expect(
      screen.getByText('2 files to upload: describe each one below, then upload.'),
    ).toBeTruthy();
    await user.type(screen.getByLabelText('Alt text for side.png'), 'Side');
    await user.type(screen.getByLabelText('Alt text for back.png'), 'Back');
    await user.click(screen.getByRole('button', { name: 'Upload 2 photos' }));
    expect(await screen.findByText('2 photos added.')).toBeTruthy();
    expect(photoNames()).toEqual(['Front', 'Side', 'Back']);
    expect(document.activeElement).toBe(screen.getByLabelText('Add photos'));
    expect((await photoRows(cable.key)).map((p) => [p.alt, p.position, p.width, p.height])).toEqual(
      [
        ['Front', 0, 64, 48],
        ['Side', 1, 40, 40],
        ['Back', 2, 30, 60],
      ],
    );
  });

  it('refuses a text file named .png in words, and a failed upload leaves nothing behind', async () => {
    const { cable } = await openEditor();
    const user = userEvent.setup();
    const notes = new File(['Just some notes, not a photo.'], 'notes.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Add photos'), notes);
    await user.type(screen.getByLabelText('Alt text for notes.png'), 'Notes');
    await user.click(screen.getByRole('button', { name: 'Upload 1 photo' }));
    expect(
      await screen.findByText('This file is not a JPEG, PNG or WebP image: choose another one.'),
    ).toBeTruthy();
    expect(screen.getByText('1 photo could not be uploaded: see below.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Alt text for notes.png'));
    await user.click(screen.getByRole('button', { name: 'Do not upload notes.png' }));

    // A file over 10 MB is refused before it is sent.
    const big = new File([new Uint8Array(10_000_001)], 'huge.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Add photos'), big);
    expect(screen.getByText('This file is larger than 10 MB: choose a smaller one.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Upload/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Do not upload huge.png' }));

    // The server out of reach during the upload.
    await user.upload(screen.getByLabelText('Add photos'), await png('side.png'));
    await user.type(screen.getByLabelText('Alt text for side.png'), 'Side');
    shop.failNext(/^POST \/storage\/v1\/object\//, () => {
      throw new TypeError('Failed to fetch');
    });
    await user.click(screen.getByRole('button', { name: 'Upload 1 photo' }));
    expect(
      await screen.findByText('The server could not be reached: nothing was saved. Try again.'),
    ).toBeTruthy();

    // Stored, but adding it to the product fails: the file is deleted again.
    shop.failNext(/^POST \/rest\/v1\/rpc\/add_product_photo/, () =>
      Response.json(
        { code: 'XX000', message: 'The database is having a moment', details: null, hint: null },
        { status: 500 },
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Upload 1 photo' }));
    expect(
      await screen.findByText('The photo could not be uploaded: The database is having a moment'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(shop.requests.some((r) => r.startsWith('DELETE /storage/v1/object/'))).toBe(true),
    );
    expect(await photoRows(cable.key)).toEqual([]);
    expect(await storedObjects(cable)).toEqual([]);

    // Trying again works, under a new path.
    await user.click(screen.getByRole('button', { name: 'Upload 1 photo' }));
    expect(await screen.findByRole('img', { name: 'Side' })).toBeTruthy();
    expect(await storedObjects(cable)).toHaveLength(1);
  });

  it('moves, relabels and removes photos, each saved at once and in the history', async () => {
    const { cable } = await openEditor(['Front', 'Back', 'Box']);
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Photos' });
    expect(photoNames()).toEqual(['Front', 'Back', 'Box']);

    await user.click(screen.getByRole('button', { name: 'Move photo 3 up' }));
    expect(await screen.findByText('Photo moved to position 2.')).toBeTruthy();
    expect(photoNames()).toEqual(['Front', 'Box', 'Back']);
    // The focus stays on the moved photo's button.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move photo 2 up' }));
    expect((await photoRows(cable.key)).map((p) => [p.alt, p.position])).toEqual([
      ['Front', 0],
      ['Box', 1],
      ['Back', 2],
    ]);

    const alt = screen.getByLabelText('Alt text of photo 1');
    await user.clear(alt);
    await user.type(alt, 'Front, with its braided sleeve{Enter}');
    expect(await screen.findByText('Alt text of photo 1 saved.')).toBeTruthy();
    expect((await photoRows(cable.key))[0]?.alt).toBe('Front, with its braided sleeve');

    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this photo?' });
    expect(dialog.textContent).toContain(
      'The photo “Box” leaves the product and its file is deleted. This cannot be undone.',
    );
    const boxPath = (await photoRows(cable.key))[1]!.object_path;
    await user.click(within(dialog).getByRole('button', { name: 'Yes, remove it' }));
    expect(await screen.findByText('Photo removed.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(photoNames()).toEqual(['Front, with its braided sleeve', 'Back']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove photo 2' }));
    expect((await photoRows(cable.key)).map((p) => p.alt)).toEqual([
      'Front, with its braided sleeve',
      'Back',
    ]);
    expect(await storedObjects(cable)).not.toContain(boxPath);
    expect(await storedObjects(cable)).toHaveLength(2);

    const history = await screen.findByRole('table', { name: 'History' });
    const removed = (await within(history).findByText('Photo removed')).closest('tr')!;
    expect(within(removed).getByText('“Box”')).toBeTruthy();
    expect(
      within(history).getByText('Alt text “Front” → “Front, with its braided sleeve”'),
    ).toBeTruthy();
    // One reorder (two photos swapped places) is one entry.
    expect(within(history).getAllByText('Photo order changed')).toHaveLength(1);
    expect(within(history).getAllByText('Photo added')).toHaveLength(3);
  });

  it('says on a new product that photos come after its first save', async () => {
    const { store } = await account(shop, true);
    go('#/admin/products/new');
    shop.renderPage(<AdminPage />, store);
    await screen.findByRole('heading', { level: 2, name: 'Photos' });
    expect(
      screen.getByText(
        'Photos are added to a saved product: create the product, then add its photos here.',
      ),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Add photos')).toBeNull();
  });

  it('refuses every photo change of an account that is not staff', async () => {
    const { store: staff } = await account(shop, true);
    const cable = await seedProduct(staff, { status: 'published' });
    await seedPhotos(staff, cable, ['Front', 'Back']);
    const before = await photoRows(cable.key);
    const stored = await storedObjects(cable);
    const { store: shopper } = await account(shop, false);
    const backend = await shopper.backend();
    const paths = before.map((p) => p.object_path);

    expect(await addPhoto(backend, cable, await png('mine.png'), 'Mine')).toEqual({
      ok: false,
      message: 'Only staff can change product photos.',
    });
    expect(await setPhotoOrder(backend, cable.key, [...paths].reverse())).toEqual({
      ok: false,
      message: 'Only staff can change product photos.',
    });
    expect(await saveAltText(backend, cable.key, paths[0]!, 'Changed')).toEqual({
      ok: false,
      message: 'The photo was not changed: it may have been removed meanwhile.',
    });
    expect(await removePhoto(backend, paths[0]!)).toEqual({
      ok: false,
      message: 'The photo was not removed: it may have been removed meanwhile.',
    });
    expect(await photoRows(cable.key)).toEqual(before);
    expect(await storedObjects(cable)).toEqual(stored);
  });

  it('refuses an order that does not name each photo once', async () => {
    const { store } = await account(shop, true);
    const cable = await seedProduct(store);
    await seedPhotos(store, cable, ['Front', 'Back']);
    const paths = (await photoRows(cable.key)).map((p) => p.object_path);
    const backend = await store.backend();
    const refused = {
      ok: false,
      message: `The photos of ${cable.name} changed since you opened it: reload it and try again.`,
    };
    expect(await setPhotoOrder(backend, cable.key, [paths[1]!])).toEqual(refused);
    expect(await setPhotoOrder(backend, cable.key, [paths[1]!, paths[1]!])).toEqual(refused);
    expect(await setPhotoOrder(backend, cable.key, [...paths, 'accessories/x.png'])).toEqual(
      refused,
    );
    expect(await setPhotoOrder(backend, cable.key, [paths[1]!, paths[0]!])).toEqual({ ok: true });
    expect((await photoRows(cable.key)).map((p) => p.object_path)).toEqual([paths[1], paths[0]]);
  });
});
