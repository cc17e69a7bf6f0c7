import { useId } from 'react';
import { Dialog } from '../../components/Dialog.tsx';
import { dialogText, missingProductText } from './texts.ts';

/** What a link to an unknown product opens: says so, and leads back to the list. */
export function MissingProductDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog
      labelledBy={titleId}
      onClose={onClose}
      closeLabel={dialogText.close}
      className="missing-product"
    >
      <h2 id={titleId} className="missing-product__title">
        {missingProductText.title}
      </h2>
      <p>{missingProductText.hint}</p>
      <button type="button" className="button button--primary" onClick={onClose}>
        {missingProductText.back}
      </button>
    </Dialog>
  );
}
