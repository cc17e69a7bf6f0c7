import type { ReactNode } from 'react';
import { Link } from '../../lib/hash-link.tsx';
import { emptyCartText as T } from './empty-cart-text.ts';
import './empty-cart.css';

/**
 * The cart page with nothing in it. The first chunk shows it while the cart's chunk loads when
 * this device stores no cart (app/page-frames.tsx), and the page then draws the same: the shopper
 * sees the finished page at once. `notice` goes under the heading (lines dropped from a stored cart).
 */
export function EmptyCart({ notice }: { notice?: ReactNode }) {
  return (
    <div className="page container cart-page">
      <h1>{T.title}</h1>
      {notice}
      <div className="cart-empty card">
        <p className="cart-empty__title">{T.empty}</p>
        <p className="cart-empty__hint">{T.emptyHint}</p>
        <Link href="/keyboard" className="button button--primary">
          {T.keepShopping}
        </Link>
      </div>
    </div>
  );
}
