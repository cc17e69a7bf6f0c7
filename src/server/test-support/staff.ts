// Staff and paid orders for back-office tests: the role granted as `npm run staff -- add` does,
// and orders paid through the real payments sandbox, as the data API and functions see them.
import { runStaffCommand } from '../staff/roles.ts';
import type { PayingTestServer, TestServer } from './shop.ts';
import type { Shopper } from './shopper.ts';

/** Signs `shopper` in again: a new token, carrying the account's app_metadata as it is now. */
export async function signInAgain(server: TestServer, shopper: Shopper): Promise<string> {
  const { data, error } = await server
    .authClient()
    .signInWithPassword({ email: shopper.email, password: shopper.password });
  if (error || !data.session) throw error ?? new Error('no session');
  return data.session.access_token;
}

/** A new account granted the staff role, and a token issued after the grant. */
export async function signUpStaff(
  server: TestServer,
  label = 'staff',
): Promise<Shopper & { token: string }> {
  const shopper = await server.signUp(label);
  const outcome = await runStaffCommand(server.db, { command: 'add', email: shopper.email });
  if (!outcome.ok) throw new Error(outcome.message);
  return { ...shopper, token: await signInAgain(server, shopper) };
}

/** One paid order of `shopper`, recorded with its payment intent (what refunds go through). */
export interface PaidOrder {
  id: number;
  orderNumber: string;
  totalCents: number;
  paymentIntent: string;
}

/** Checks out and pays `items` as `shopper` in the sandbox, then confirms it as the success page does. */
export async function payOrder(
  server: PayingTestServer,
  shopper: Shopper,
  items: { key: string; color: string; quantity: number }[] = [
    { key: 'keyboards:119', color: 'Pink', quantity: 1 },
  ],
): Promise<PaidOrder> {
  const { data, error } = await shopper.functions.invoke<{ id: string; url: string }>('checkout', {
    body: { items },
  });
  if (error || !data) throw error ?? new Error('no session');
  await server.pay(data);
  const confirm = await server.functionsClient().invoke('confirm-checkout', {
    body: { session_id: data.id },
  });
  if (confirm.error) throw confirm.error;
  const session = await server.stripe.checkout.sessions.retrieve(data.id);
  const intent = session.payment_intent;
  const paymentIntent = typeof intent === 'string' ? intent : (intent?.id ?? '');
  // Orders recorded before fulfilment kept the payment intent get it here.
  const { rows } = await server.db.query<{ id: number; order_number: string; total_cents: number }>(
    `UPDATE public.shop_orders SET payment_intent = $2 WHERE checkout_session_id = $1
     RETURNING id::int AS id, order_number, total_cents`,
    [data.id, paymentIntent],
  );
  const row = rows[0];
  if (!row) throw new Error(`no order for ${data.id}`);
  return { id: row.id, orderNumber: row.order_number, totalCents: row.total_cents, paymentIntent };
}
