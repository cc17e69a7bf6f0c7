import { useEffect, useState } from 'react';
import type { Product } from '../../../catalogue/index.ts';
import { useSession, useSessionStore } from '../../lib/session-react.tsx';
import { fetchOwnRating, hasOrderFor } from './api.ts';
import { reviewsText } from './texts.ts';

export type ReviewPermission =
  { status: 'checking' } | { status: 'denied' } | { status: 'allowed'; ownRating: number | null };

type Result = { request: string; permission: ReviewPermission };

/**
 * docs/product.md, Reviews: review permission is on only if the signed-in user has an order whose
 * product_name is this product's name, and it stands (not cancelled, not refunded in full);
 * otherwise off. A failed order fetch is only logged
 * (docs/product.md, Only logged) and leaves it off. For a buyer, their earlier rating (if any)
 * comes along so the form can start from it.
 */
export function useReviewPermission(product: Product): ReviewPermission {
  const session = useSession('now');
  const store = useSessionStore();
  const userId = session.user?.id ?? null;
  const request = userId ? `${userId}#${product.key}` : null;
  const [result, setResult] = useState<Result | null>(null);

  useEffect(() => {
    if (!userId) return undefined;
    const request = `${userId}#${product.key}`;
    let current = true;
    const settle = (permission: ReviewPermission) => {
      if (current) setResult({ request, permission });
    };
    (async () => {
      const { db } = await store.backend();
      let bought: boolean;
      try {
        bought = await hasOrderFor(db, userId, product);
      } catch (error) {
        console.error(reviewsText.logPermission, error);
        return settle({ status: 'denied' });
      }
      if (!bought) return settle({ status: 'denied' });
      let ownRating: number | null = null;
      try {
        ownRating = await fetchOwnRating(db, product);
      } catch (error) {
        console.error(reviewsText.logOwnRating, error);
      }
      settle({ status: 'allowed', ownRating });
    })().catch((error: unknown) => {
      // The clients could not load at all: nobody can review without them.
      console.error(reviewsText.logPermission, error);
      settle({ status: 'denied' });
    });
    return () => {
      current = false;
    };
  }, [store, userId, product]);

  if (session.status === 'loading') return { status: 'checking' };
  if (request === null) return { status: 'denied' };
  if (result?.request !== request) return { status: 'checking' };
  return result.permission;
}
