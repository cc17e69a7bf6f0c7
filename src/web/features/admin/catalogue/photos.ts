// The photo editor's rules that need no server: where an upload goes, what a chosen file and an
// alt text must be before anything is sent, the thumbnail's URL, and how the editor takes the
// product back after a photo change (docs/decisions/0046-photos-in-the-database.md).
import { renditionUrl } from '../../../components/product-image/photo-urls.ts';
import { payloadOf, type ProductRow } from './api.ts';
import { PHOTO_TEXT as T } from './texts.ts';

export { PHOTO_BUCKET } from '../../../components/product-image/photo-urls.ts';

/** What the bucket takes (its migration): checked here too, so a file it refuses is never sent. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_PHOTO_BYTES = 10_000_000;
export const MAX_ALT_LENGTH = 250;

export type ProductPhoto = NonNullable<ProductRow['photos']>[number];

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/**
 * A random UUID (v4). crypto.randomUUID exists in secure contexts only, and staff may open the
 * back office over plain HTTP on a local network; getRandomValues works everywhere.
 */
export function uuid(bytes: Uint8Array = crypto.getRandomValues(new Uint8Array(16))): string {
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A new object path for an upload: `<category>/<id>/<uuid>.<ext>`. Never reused, not even for the
 * same file again: renditions are cached for a year under their URL, so a path must always mean
 * the same bytes. The extension is the declared type's (the server goes by the content anyway).
 */
export function newPhotoPath(row: Pick<ProductRow, 'category' | 'id'>, file: File): string {
  const fromName = /\.([a-z0-9]{1,5})$/i.exec(file.name)?.[1]?.toLowerCase();
  const extension = EXTENSIONS[file.type] ?? fromName ?? 'img';
  return `${row.category}/${row.id}/${uuid()}.${extension}`;
}

/**
 * What is wrong with a chosen file that is certainly refused, before it is sent: over the size
 * limit (the server stops reading at 10 MB, and a browser may report the cut-off upload as a
 * network failure rather than the server's 413), or declared as another type. A file declared as
 * an image but holding something else is the server's to refuse (415).
 */
export function fileProblem(file: File): string | null {
  if (file.size > MAX_PHOTO_BYTES) return T.errors.tooLarge;
  if (file.type && !(PHOTO_TYPES as readonly string[]).includes(file.type)) {
    return T.errors.notAnImage;
  }
  return null;
}

/** The alt text's error, or null when it can be saved (the table's check, said in words). */
export function altProblem(alt: string): string | null {
  const text = alt.trim();
  if (text === '') return T.errors.altMissing;
  if (text.length > MAX_ALT_LENGTH) return T.errors.altTooLong;
  return null;
}

/**
 * A thumbnail `width` pixels wide from the server's renditions (the height follows the photo's
 * proportions), asked as the storefront asks, so both share the renditions the server keeps. The
 * object's version is the cacheNonce, as storage-js's getPublicUrl puts it: a replaced file gets a
 * new URL.
 */
export function thumbnailUrl(storageUrl: string, photo: ProductPhoto, width: number): string {
  return renditionUrl(storageUrl, photo, width);
}

const savedFields = (row: ProductRow) => {
  const { expected_updated_at: _version, ...fields } = payloadOf(row);
  return JSON.stringify(fields);
};

/**
 * The product as the editor should hold it after a photo change, given the product re-read.
 * A photo change moves the product's updated_at (the storefront's caches read it), which the
 * form's save and the status actions send to detect edits made meanwhile. So the editor takes the
 * re-read product only when nothing they save changed since it last read it; otherwise it keeps
 * what it had, with the new photos, and a save is still refused rather than overwrite someone
 * else's change.
 */
export function afterPhotoChange(known: ProductRow, fresh: ProductRow): ProductRow {
  if (savedFields(known) === savedFields(fresh)) return fresh;
  return { ...known, photos: fresh.photos ?? [] };
}
