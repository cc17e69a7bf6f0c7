import { useState, type FormEvent } from 'react';
import { controlProps, Notes } from '../form-field.tsx';
import { altProblem, thumbnailUrl, type ProductPhoto } from './photos.ts';
import { PHOTO_TEXT as T, PRODUCT_TEXT } from './texts.ts';

/** The id of a photo's control: its path encoded, so any key makes a valid id. */
export const photoControlId = (ids: string, control: string, path: string) =>
  `${ids}-${control}-${encodeURIComponent(path)}`;

interface PhotoItemProps {
  photo: ProductPhoto;
  index: number;
  count: number;
  ids: string;
  /** Null until the backend is known: the thumbnail waits. */
  storageUrl: string;
  busy: boolean;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  /** Saves the alt text; answers whether it was saved. */
  onSaveAlt: (alt: string) => Promise<boolean>;
}

/**
 * One photo as the shop shows it, small, with its alt text (edited in place and saved by its own
 * button or Enter) and its buttons: up, down, remove. The buttons stay focusable while they cannot
 * act (aria-disabled), so moving a photo to the top keeps the focus where it was.
 */
export function PhotoItem(props: PhotoItemProps) {
  const { photo, index, count, ids, storageUrl, busy } = props;
  const [alt, setAlt] = useState(photo.alt);
  const [error, setError] = useState<string | undefined>(undefined);
  const n = index + 1;
  const altId = photoControlId(ids, 'alt', photo.path);
  const unchanged = alt.trim() === photo.alt;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || unchanged) return;
    const problem = altProblem(alt);
    if (problem) {
      setError(problem);
      return document.getElementById(altId)?.focus();
    }
    setError(undefined);
    if (await props.onSaveAlt(alt)) setAlt(alt.trim());
  };

  const buttons = [
    ['up', PRODUCT_TEXT.up, T.moveUp(n), index === 0, () => props.onMove(-1)],
    ['down', PRODUCT_TEXT.down, T.moveDown(n), index === count - 1, () => props.onMove(1)],
    ['remove', PRODUCT_TEXT.removeShort, T.remove(n), false, props.onRemove],
  ] as const;

  return (
    <li className="product-photo">
      <div className="product-photo__frame">
        <img
          className="product-photo__image"
          src={thumbnailUrl(storageUrl, photo, 160)}
          srcSet={`${thumbnailUrl(storageUrl, photo, 160)} 1x, ${thumbnailUrl(storageUrl, photo, 320)} 2x`}
          width={photo.width}
          height={photo.height}
          alt={photo.alt}
        />
      </div>
      <form className="product-photo__alt" noValidate onSubmit={(e) => void save(e)}>
        <label htmlFor={altId}>{T.alt(n)}</label>
        <div className="admin-field__control">
          <input
            {...controlProps(altId, { error })}
            className="input"
            value={alt}
            onChange={(e) => {
              setAlt(e.target.value);
              setError(undefined);
            }}
          />
          <button
            type="submit"
            className="button button--small"
            aria-label={T.saveAltOf(n)}
            aria-disabled={busy || unchanged}
          >
            {T.saveAlt}
          </button>
        </div>
        <Notes id={altId} error={error} />
      </form>
      <div className="product-variant__buttons">
        {buttons.map(([key, text, label, off, run]) => (
          <button
            key={key}
            id={photoControlId(ids, key, photo.path)}
            type="button"
            className="button button--small button--ghost"
            aria-label={label}
            aria-disabled={off || busy}
            onClick={() => {
              if (!off && !busy) run();
            }}
          >
            {text}
          </button>
        ))}
      </div>
    </li>
  );
}
