import { controlProps, Notes } from '../form-field.tsx';
import { PHOTO_TEXT as T } from './texts.ts';

/** A chosen file waiting to be uploaded, with the alt text typed for it. */
export interface Pending {
  id: number;
  file: File;
  /** The file as a data: URL once read, so staff see the photo they describe. */
  preview: string | null;
  alt: string;
  /** Why this file cannot be uploaded at all (checked when chosen): only dropping it is offered. */
  problem: string | null;
  /** The alt text's error, or why the last upload failed; Upload tries again. */
  error: string | null;
  state: 'ready' | 'waiting' | 'uploading' | 'saving';
}

export const pendingAltId = (ids: string, id: number) => `${ids}-pending-alt-${id}`;

interface PendingPhotoProps {
  item: Pending;
  ids: string;
  onAlt: (alt: string) => void;
  onDrop: () => void;
}

/** One file to upload: its preview, name and size, its alt text field, where it stands. */
export function PendingPhoto({ item, ids, onAlt, onDrop }: PendingPhotoProps) {
  const altId = pendingAltId(ids, item.id);
  const working = item.state !== 'ready';
  const name = item.file.name;
  return (
    <li className="product-photo" aria-busy={working}>
      <div className="product-photo__frame">
        {/* The file's name says what it is; the preview is there to be looked at while describing. */}
        {item.preview && <img className="product-photo__image" src={item.preview} alt="" />}
      </div>
      <div className="product-photo__alt">
        <p className="product-photo__file">
          {name} <span className="admin-hint">{T.fileSize(item.file.size)}</span>
        </p>
        {item.problem ? (
          <p className="admin-error">{item.problem}</p>
        ) : (
          <>
            <label htmlFor={altId}>{T.pendingAlt(name)}</label>
            <input
              {...controlProps(altId, { error: item.error ?? undefined })}
              className="input"
              value={item.alt}
              readOnly={working}
              onChange={(e) => onAlt(e.target.value)}
            />
            <Notes id={altId} error={item.error ?? undefined} />
            <span className="admin-hint">{T.state[item.state]}</span>
          </>
        )}
      </div>
      <div className="product-variant__buttons">
        <button
          type="button"
          className="button button--small button--ghost"
          aria-label={T.drop(name)}
          aria-disabled={working}
          onClick={() => {
            if (!working) onDrop();
          }}
        >
          {T.dropShort}
        </button>
      </div>
    </li>
  );
}
