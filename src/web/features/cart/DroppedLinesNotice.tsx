import { useEffect, useState } from 'react';
import { cartStore } from '../../state/cart-store.ts';
import { cartText } from './texts.ts';

/**
 * Says once that stored lines were dropped as no longer valid (docs/product.md, Cart): the count is
 * read when the page opens, and the store forgets it so the next visit is quiet.
 */
export function DroppedLinesNotice() {
  const [dropped] = useState(() => cartStore.droppedLines());
  useEffect(() => {
    if (dropped > 0) cartStore.acknowledgeDropped();
  }, [dropped]);
  if (dropped === 0) return null;
  return (
    <p className="cart-notice card" role="status">
      {cartText.droppedLines(dropped)}
    </p>
  );
}
