import { useEffect, useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { useSessionStore } from '../../../lib/session-react.tsx';
import type { Backend } from '../../../lib/supabase.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { fetchProduct, type ProductRow } from './api.ts';
import { PhotoItem, photoControlId } from './PhotoItem.tsx';
import { PhotoUpload } from './PhotoUpload.tsx';
import {
  removePhoto,
  saveAltText,
  setPhotoOrder,
  storageUrlOf,
  type PhotoResult,
} from './photos-api.ts';
import type { ProductPhoto } from './photos.ts';
import { PHOTO_TEXT as T } from './texts.ts';

const message = (caught: unknown) => (caught instanceof Error ? caught.message : String(caught));

/** Where a new product's photos will be: it needs its key (its first save) before any photo. */
export function PhotosLater() {
  return (
    <section aria-labelledby="product-photos-later" className="admin-section">
      <h2 id="product-photos-later">{T.heading}</h2>
      <p>{T.newProduct}</p>
    </section>
  );
}

interface PhotosSectionProps {
  row: ProductRow;
  /** The product read again after each photo change (it moves its updated_at). */
  onChanged: (fresh: ProductRow) => void;
}

/**
 * A saved product's photos in the shop's order, each with its alt text, moved up or down, removed
 * after asking; and new ones added (PhotoUpload). Every change is saved at once and on its own,
 * apart from the form above, one at a time; the product is then read again, so what is shown is
 * what the database holds. Moves and removals are announced, and the focus stays on the control
 * that acted (or the nearest one left).
 */
export function PhotosSection({ row, onChanged }: PhotosSectionProps) {
  const store = useSessionStore();
  const ids = useId();
  const [storageUrl, setStorageUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<ProductPhoto | null>(null);
  const photos = row.photos ?? [];

  useEffect(() => {
    let live = true;
    store.backend().then(
      (backend) => live && setStorageUrl(storageUrlOf(backend)),
      () => undefined, // the product itself could not have been read: the editor says so
    );
    return () => {
      live = false;
    };
  }, [store]);

  // Drawn at once, so the focus can be put on a control of the new list.
  const refresh = async (backend: Backend) => {
    try {
      const fresh = await fetchProduct(backend, row.key);
      if (fresh) flushSync(() => onChanged(fresh));
    } catch (caught) {
      setError(T.errors.failed(message(caught)));
    }
  };

  /** One change, then the product read again (after a refusal too: the list may be stale). */
  const run = async (change: (backend: Backend) => Promise<PhotoResult>, done: string) => {
    if (busy) return false;
    setBusy(true);
    setError(null);
    setSaid('');
    try {
      const backend = await store.backend();
      const result = await change(backend);
      await refresh(backend);
      if (!result.ok) setError(result.message);
      else setSaid(done);
      return result.ok;
    } catch (caught) {
      setError(T.errors.failed(message(caught)));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const move = async (index: number, by: -1 | 1) => {
    const photo = photos[index]!;
    const paths = photos.map((p) => p.path).filter((p) => p !== photo.path);
    paths.splice(index + by, 0, photo.path);
    await run((b) => setPhotoOrder(b, row.key, paths), T.moved(index + by + 1));
    document.getElementById(photoControlId(ids, by < 0 ? 'up' : 'down', photo.path))?.focus();
  };

  const remove = async (photo: ProductPhoto) => {
    const index = photos.findIndex((p) => p.path === photo.path);
    if (!(await run((b) => removePhoto(b, photo.path), ''))) return;
    // Said once the dialog is gone: the page behind a modal is inert, its live regions too.
    flushSync(() => setRemoving(null));
    setSaid(T.removed);
    // The opener is gone: the next photo's Remove, else the one before, else "Add photos".
    const near = photos[index + 1] ?? photos[index - 1];
    const target = near ? photoControlId(ids, 'remove', near.path) : `${ids}-add`;
    document.getElementById(target)?.focus();
  };

  return (
    <section aria-labelledby={`${ids}-heading`} className="admin-section product-photos">
      <h2 id={`${ids}-heading`}>{T.heading}</h2>
      <p className="admin-hint">{T.intro}</p>
      {photos.length === 0 ? (
        <p>{T.none}</p>
      ) : storageUrl === null ? (
        // Shown with their thumbnails or not at all, so the list never appears without pictures.
        <p role="status">{T.loading}</p>
      ) : (
        <>
          <p className="admin-hint">{T.altHint}</p>
          <ol className="product-photos__list" aria-label={T.heading}>
            {photos.map((photo, index) => (
              <PhotoItem
                key={photo.path}
                photo={photo}
                index={index}
                count={photos.length}
                ids={ids}
                storageUrl={storageUrl}
                busy={busy}
                onMove={(by) => void move(index, by)}
                onRemove={() => setRemoving(photo)}
                onSaveAlt={(alt) =>
                  run((b) => saveAltText(b, row.key, photo.path, alt), T.altSaved(index + 1))
                }
              />
            ))}
          </ol>
        </>
      )}
      {error && !removing && (
        <p role="alert" className="admin-error">
          {error}
        </p>
      )}
      <p role="status" className="visually-hidden">
        {said}
      </p>
      <PhotoUpload row={row} ids={ids} busy={busy} setBusy={setBusy} refresh={refresh} />
      {removing && (
        <ConfirmDialog
          title={T.removeTitle}
          confirm={T.removeConfirm}
          dismiss={T.removeDismiss}
          pending={busy}
          error={error}
          onConfirm={() => void remove(removing)}
          onClose={() => {
            setRemoving(null);
            setError(null);
          }}
        >
          <p>{T.removeBody(removing.alt)}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
