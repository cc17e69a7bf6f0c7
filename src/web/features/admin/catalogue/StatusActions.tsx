import { useState } from 'react';
import type { ProductStatus } from '../../../../catalogue/index.ts';
import { readCatalogueRow } from '../../../../catalogue/rows.ts';
import { useToast } from '../../../components/toast/index.ts';
import { useSessionStore } from '../../../lib/session-react.tsx';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { payloadOf, saveProduct, type ProductRow } from './api.ts';
import { PRODUCT_TEXT as T, STATUS_TEXT } from './texts.ts';

type Action = 'publish' | 'unpublish' | 'archive' | 'restore';

const TO: Record<Action, ProductStatus> = {
  publish: 'published',
  unpublish: 'draft',
  archive: 'archived',
  restore: 'draft',
};
const DONE: Record<Action, (name: string) => string> = {
  publish: T.didPublish,
  unpublish: T.didUnpublish,
  archive: T.didArchive,
  restore: T.didRestore,
};
const ALLOWED: Record<ProductStatus, Action[]> = {
  draft: ['publish', 'archive'],
  published: ['unpublish', 'archive'],
  archived: ['restore'],
};

/**
 * Publish, unpublish, archive (asked first: the product leaves the shop) and restore. Each saves
 * the product as it was last saved with only its status changed, so edits still in the form stay
 * there, unsaved, and a change made meanwhile by someone else is refused as a stale edit.
 */
export function StatusActions({
  row,
  onSaved,
}: {
  row: ProductRow;
  onSaved: (row: ProductRow) => void;
}) {
  const store = useSessionStore();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (action: Action) => {
    if (pending) return;
    setError(null);
    if (action === 'publish') {
      // A row the shop cannot read would be published yet missing from every list.
      const reading = readCatalogueRow(row);
      if (!reading.ok) return setError(T.cannotPublish(reading.reason));
    }
    setPending(true);
    try {
      const result = await saveProduct(
        await store.backend(),
        payloadOf(row, { status: TO[action] }),
      );
      if (!result.ok) return setError(T.statusFailed(result.message));
      setAsking(false);
      toast.show(DONE[action](result.row.name), { tone: 'success' });
      onSaved(result.row);
    } catch (caught) {
      setError(T.statusFailed(caught instanceof Error ? caught.message : String(caught)));
    } finally {
      setPending(false);
    }
  };

  const label: Record<Action, string> = {
    publish: T.publish,
    unpublish: T.unpublish,
    archive: T.archive,
    restore: T.restore,
  };

  return (
    <section aria-labelledby="product-status" className="admin-section">
      <h2 id="product-status">{T.statusHeading}</h2>
      <p>
        <span className={`admin-status product-status--${row.status}`}>
          {STATUS_TEXT[row.status]}
        </span>{' '}
        {T.statusNow[row.status]}
      </p>
      <div className="admin-actions__buttons">
        {ALLOWED[row.status].map((action) => (
          <button
            key={action}
            type="button"
            className={action === 'archive' ? 'button button--danger' : 'button'}
            aria-disabled={pending}
            onClick={() => (action === 'archive' ? setAsking(true) : void run(action))}
          >
            {label[action]}
          </button>
        ))}
      </div>
      <p role="status" className="admin-hint">
        {pending && !asking ? T.working : ''}
      </p>
      {error && !asking && (
        <p role="alert" className="admin-error">
          {error}
        </p>
      )}
      {asking && (
        <ConfirmDialog
          title={T.archiveTitle(row.name)}
          confirm={T.archiveConfirm}
          dismiss={T.archiveDismiss}
          pending={pending}
          error={error}
          onConfirm={() => void run('archive')}
          onClose={() => {
            setAsking(false);
            setError(null);
          }}
        >
          <p>{T.archiveBody}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
