// Security-only helpers on top of the server's test support (src/server/test-support), whose
// startTestServer({ target, payments: true, listen: true }) is the shop the attacks run against.
import type { Queryable } from '../../src/server/db/types.ts';
import { seedOrders } from '../../src/server/test-support/index.ts';

/** Writes a paid-looking order for a user as the server's fulfilment does (as the owner). */
export async function seedOrder(db: Queryable, userId: string, productName: string) {
  await seedOrders(db, userId, [{ product_name: productName, price: '120.00' }]);
}
