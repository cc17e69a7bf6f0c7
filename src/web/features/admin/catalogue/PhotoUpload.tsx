import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useSessionStore } from '../../../lib/session-react.tsx';
import type { Backend } from '../../../lib/supabase.ts';
import type { ProductRow } from './api.ts';
import { PendingPhoto, pendingAltId, type Pending } from './PendingPhoto.tsx';
import { addPhoto, type PhotoResult } from './photos-api.ts';
import { altProblem, fileProblem, PHOTO_TYPES } from './photos.ts';
import { PHOTO_TEXT as T } from './texts.ts';

/**
 * The file as a data: URL, to show while it is described. Not an object URL: the shop's
 * Content-Security-Policy allows images from itself and data: only. Null if it cannot be read.
 */
const previewOf = (file: File) =>
  new Promise<string | null>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : null);
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(file);
  });

const failure = (caught: unknown) =>
  T.errors.uploadFailed(caught instanceof Error ? caught.message : String(caught));

interface PhotoUploadProps {
  row: Pick<ProductRow, 'key' | 'category' | 'id'>;
  ids: string;
  /** The section's one-change-at-a-time flag: no reordering while photos are being added. */
  busy: boolean;
  setBusy: (busy: boolean) => void;
  /** Reads the product again, so an added photo shows in the list at once. */
  refresh: (backend: Backend) => Promise<void>;
}

/**
 * "Add photos": files are chosen (several at once), each is described, then "Upload" sends them
 * one after the other. Why the alt text comes first: the table refuses a photo without one, and a
 * photo stored first and described later would either be an unlisted file if staff stopped there,
 * or be shown with a stand-in (the product's name) that says nothing about the picture and rarely
 * gets replaced. Asked before the upload, every photo reaches the shop with its own words, and a
 * file is only stored when it can be added at once (photos-api.ts deletes it again if not).
 */
export function PhotoUpload({ row, ids, busy, setBusy, refresh }: PhotoUploadProps) {
  const store = useSessionStore();
  const [pending, setPending] = useState<Pending[]>([]);
  const [summary, setSummary] = useState('');
  const lastId = useRef(0);
  const inputId = `${ids}-add`;

  const patch = (id: number, change: Partial<Pending>) =>
    setPending((now) => now.map((p) => (p.id === id ? { ...p, ...change } : p)));

  const drop = (item: Pending) => setPending((now) => now.filter((p) => p.id !== item.id));

  const choose = (input: HTMLInputElement) => {
    const chosen = [...(input.files ?? [])].map((file): Pending => ({
      id: ++lastId.current,
      file,
      preview: null,
      alt: '',
      problem: fileProblem(file),
      error: null,
      state: 'ready',
    }));
    // Cleared, so choosing the same file again (after dropping it) is a change too.
    input.value = '';
    if (chosen.length === 0) return;
    setPending((now) => [...now, ...chosen]);
    // The focus stays on "Add photos" (browsers put it back there as the file picker closes); the
    // next step is said instead.
    setSummary(T.chosen(chosen.length));
    for (const item of chosen) {
      if (!item.problem) void previewOf(item.file).then((preview) => patch(item.id, { preview }));
    }
  };

  const ready = pending.filter((item) => !item.problem);

  const upload = async () => {
    if (busy || ready.length === 0) return;
    const errors = new Map(ready.map((item) => [item.id, altProblem(item.alt)]));
    const firstError = ready.find((item) => errors.get(item.id));
    if (firstError) {
      flushSync(() => {
        setPending((now) =>
          now.map((p) => (errors.get(p.id) ? { ...p, error: errors.get(p.id)! } : p)),
        );
        setSummary(T.errors.summary);
      });
      return document.getElementById(pendingAltId(ids, firstError.id))?.focus();
    }
    setBusy(true);
    setSummary('');
    // Their alt texts are sent as they are now: the fields wait, read-only, for their turn.
    const sending = new Set(ready.map((item) => item.id));
    setPending((now) => now.map((p) => (sending.has(p.id) ? { ...p, state: 'waiting' } : p)));
    let added = 0;
    const failed: Pending[] = [];
    let stopped: string | null = null;
    try {
      const backend = await store.backend();
      // One at a time: the server works on at most two images at once, and the photos are added
      // in the order they were chosen.
      for (const item of ready) {
        patch(item.id, { state: 'uploading', error: null });
        const result: PhotoResult = await addPhoto(backend, row, item.file, item.alt, () =>
          patch(item.id, { state: 'saving' }),
        ).catch((caught: unknown) => ({ ok: false as const, message: failure(caught) }));
        if (result.ok) {
          added += 1;
          drop(item);
          await refresh(backend);
        } else {
          failed.push(item);
          patch(item.id, { state: 'ready', error: result.message });
        }
      }
    } catch (caught) {
      stopped = failure(caught);
    } finally {
      flushSync(() => {
        setBusy(false);
        setSummary(stopped ?? T.uploaded(added, failed.length));
      });
    }
    const next = failed[0] ? pendingAltId(ids, failed[0].id) : inputId;
    document.getElementById(next)?.focus();
  };

  return (
    <div className="product-photos__add">
      <div className="field">
        <label htmlFor={inputId}>{T.add}</label>
        <input
          id={inputId}
          type="file"
          accept={PHOTO_TYPES.join(',')}
          multiple
          aria-describedby={`${inputId}-hint`}
          onChange={(e) => choose(e.currentTarget)}
        />
        <span id={`${inputId}-hint`} className="admin-hint">
          {T.addHint}
        </span>
      </div>
      {pending.length > 0 && (
        <>
          <h3 id={`${ids}-pending`}>{T.pendingHeading}</h3>
          <ul className="product-photos__list" aria-labelledby={`${ids}-pending`}>
            {pending.map((item) => (
              <PendingPhoto
                key={item.id}
                item={item}
                ids={ids}
                onAlt={(alt) => patch(item.id, { alt, error: null })}
                onDrop={() => drop(item)}
              />
            ))}
          </ul>
          {ready.length > 0 && (
            <div className="admin-form__buttons">
              <button
                type="button"
                className="button"
                aria-disabled={busy}
                onClick={() => void upload()}
              >
                {busy ? T.uploading : T.upload(ready.length)}
              </button>
            </div>
          )}
        </>
      )}
      <p role="status" className="admin-hint">
        {summary}
      </p>
    </div>
  );
}
