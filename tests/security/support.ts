// Security-only helpers on top of the server's test support (src/server/test-support), whose
// startTestServer({ target, payments: true, listen: true }) is the shop the attacks run against.
import type { Queryable } from '../../src/server/db/types.ts';
import { seedOrders, type TestServer } from '../../src/server/test-support/index.ts';

/** Writes a paid-looking order for a user as the server's fulfilment does (as the owner). */
export async function seedOrder(db: Queryable, userId: string, productName: string) {
  await seedOrders(db, userId, [{ product_name: productName, price: '120.00' }]);
}

/** The status of the same bearer token on the auth, data and functions APIs. */
export async function statusesWith(shop: TestServer, token: string): Promise<number[]> {
  const user = await shop.call('/auth/v1/user', { token });
  const orders = await shop.call('/rest/v1/orders?select=*', { token });
  const checkout = await shop.call('/functions/v1/checkout', {
    token,
    method: 'POST',
    body: JSON.stringify({ items: [{ key: 'keyboards:1', quantity: 1 }] }),
  });
  return [user.status, orders.status, checkout.status];
}
