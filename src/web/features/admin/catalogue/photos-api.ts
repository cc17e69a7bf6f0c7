// The photo editor's calls, as the signed-in staff member: files through the official storage-js
// (the Storage API at /storage/v1, bucket product-photos), which photos a product shows through
// public.product_photos and its functions add_product_photo and set_product_photo_order
// (supabase/migrations/20261128140000_product_photos.sql). Row-level security decides each call;
// the audit log's triggers record each change.
import { StorageApiError, StorageClient, type StorageError } from '@supabase/storage-js';
import type { Backend } from '../../../lib/supabase.ts';
import type { ProductRow } from './api.ts';
import { newPhotoPath, PHOTO_BUCKET } from './photos.ts';
import { PHOTO_TEXT as T } from './texts.ts';

export type PhotoResult = { ok: true } | { ok: false; message: string };

/** The Storage API beside this backend's data API. */
export function storageUrlOf(backend: Backend): string {
  return backend.db.url.replace(/\/rest\/v1\/?$/, '/storage/v1');
}

/**
 * storage-js on the data client's fetch, which adds the apikey and the staff member's token
 * (refreshed when due) exactly as for the data calls. The app's backend (lib/supabase-clients.ts)
 * builds no storage client: the storefront only reads photos by URL, so only this screen needs one.
 */
function photoBucket(backend: Backend) {
  return new StorageClient(storageUrlOf(backend), {}, backend.db.fetch).from(PHOTO_BUCKET);
}

/** The Storage API's refusal of an upload, in words (statusCode is the body's, as Storage sends). */
export function uploadRefusal(error: StorageError): string {
  // No answer at all (storage-js's StorageUnknownError): the request never reached the server.
  if (!(error instanceof StorageApiError)) return T.errors.network;
  switch (error.statusCode) {
    case '415':
      return T.errors.notAnImage;
    case '413':
      return T.errors.tooLarge;
    case '403':
      return T.errors.notStaff;
  }
  if (error.code === 'InvalidRequest' && error.statusCode === '400') {
    return /too large/i.test(error.message) ? T.errors.tooManyPixels : T.errors.unreadable;
  }
  return T.errors.uploadFailed(error.message);
}

/** A refusal of the data API (postgrest-js answers a failed fetch with an empty code). */
function dataRefusal(error: { code: string; message: string }, words = T.errors.failed): string {
  if (error.code === '') return T.errors.network;
  if (error.code === '42501') return T.errors.notStaff;
  // A list read before someone else's change: the function's own words say to reload.
  if (error.code === '40001') return error.message;
  return words(error.message);
}

/**
 * Uploads `file` under a new path, then adds it at the end of the product's photos with `alt`.
 * The alt text is asked for before (PhotoUpload.tsx), so no photo is ever stored without its
 * words; if adding it fails, the file just uploaded is deleted again, so a failed upload leaves
 * nothing behind. (Should that delete fail too, the file stays in the bucket unlisted: no product
 * shows it, and it is logged.)
 */
export async function addPhoto(
  backend: Backend,
  row: Pick<ProductRow, 'key' | 'category' | 'id'>,
  file: File,
  alt: string,
  onSaving: () => void = () => undefined,
): Promise<PhotoResult> {
  const bucket = photoBucket(backend);
  const path = newPhotoPath(row, file);
  const uploaded = await bucket.upload(path, file);
  if (uploaded.error) return { ok: false, message: uploadRefusal(uploaded.error) };
  onSaving();
  const { error } = await backend.db.rpc('add_product_photo', {
    product_key: row.key,
    object_path: path,
    alt: alt.trim(),
  });
  if (!error) return { ok: true };
  const removed = await bucket.remove([path]).catch((caught: unknown) => ({ error: caught }));
  if (removed.error) console.error(`An unlisted photo was left at ${path}`, removed.error);
  return { ok: false, message: dataRefusal(error, T.errors.uploadFailed) };
}

/** Puts the product's photos in the order of `paths` (every photo once), in one transaction. */
export async function setPhotoOrder(
  backend: Backend,
  productKey: string,
  paths: string[],
): Promise<PhotoResult> {
  const { error } = await backend.db.rpc('set_product_photo_order', {
    product_key: productKey,
    paths,
  });
  return error ? { ok: false, message: dataRefusal(error) } : { ok: true };
}

/** Changes a photo's alt text. Row-level security hides what it refuses: no row, no change. */
export async function saveAltText(
  backend: Backend,
  productKey: string,
  path: string,
  alt: string,
): Promise<PhotoResult> {
  const { data, error } = await backend.db
    .from('product_photos')
    .update({ alt: alt.trim() })
    .eq('product_key', productKey)
    .eq('object_path', path)
    .select('object_path');
  if (error) return { ok: false, message: dataRefusal(error) };
  return data.length === 1 ? { ok: true } : { ok: false, message: T.errors.notChanged };
}

/**
 * Deletes the photo's file; the database removes it from the product with it (the foreign key
 * cascades, and the audit trigger records the removal). Storage skips what the caller may not
 * delete, so an empty answer is a refusal.
 */
export async function removePhoto(backend: Backend, path: string): Promise<PhotoResult> {
  const { data, error } = await photoBucket(backend).remove([path]);
  if (error) {
    const message = error instanceof StorageApiError ? T.errors.failed(error.message) : null;
    return { ok: false, message: message ?? T.errors.network };
  }
  return data.length === 1 ? { ok: true } : { ok: false, message: T.errors.notRemoved };
}
