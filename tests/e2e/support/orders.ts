// A shopper with a long order history, for the order-history browser tests: an account and paid
// checkouts made over HTTP against the browser tests' server, as its pages and the sandbox's
// hosted page would make them (sign up, sign in, checkout, pay with 4242, confirm).
import { SHIP_TO } from './purchase.ts';
import { logInOverHttp, newEmail, postToShop, shopConfig, signUpOverHttp } from './session.ts';

/**
 * A new account with `orders` paid orders, one checkout each (every fifth of two lines); resolves
 * its email (the password is session.ts's PASSWORD).
 */
export async function shopperWithOrders(orders: number): Promise<string> {
  const shop = await shopConfig();
  const email = newEmail('history');
  await signUpOverHttp(email);
  const { access_token: token } = await logInOverHttp(email);
  for (let i = 0; i < orders; i++) {
    const items = [{ key: 'keyboards:1', color: 'Black', quantity: 1 }];
    if (i % 5 === 0) items.push({ key: 'switches:205', color: 'Blue', quantity: 2 });
    const session = await postToShop<{ id: string; url: string }>(
      shop,
      '/functions/v1/checkout',
      { items },
      token,
    );
    // The hosted page asks for an address and a rate: the one it checks first (Standard).
    const form = await (await fetch(session.url)).text();
    const rate = /name="shippingRate"\s+value="([^"]+)"/.exec(form)?.[1] ?? '';
    const paid = await fetch(session.url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        email: 'buyer@example.com',
        cardNumber: '4242 4242 4242 4242',
        cardExpiry: '12 / 34',
        cardCvc: '123',
        billingName: 'Ada Lovelace',
        shippingName: SHIP_TO.name,
        line1: SHIP_TO.line1,
        city: SHIP_TO.city,
        state: SHIP_TO.state,
        postalCode: SHIP_TO.postalCode,
        country: SHIP_TO.country,
        shippingRate: rate,
      }),
    });
    if (paid.status !== 303) throw new Error(`payment: ${paid.status}`);
    const saved = await postToShop<{ status: string }>(
      shop,
      '/functions/v1/confirm-checkout',
      { session_id: session.id },
      token,
    );
    if (saved.status !== 'saved') throw new Error(`confirm: ${JSON.stringify(saved)}`);
  }
  return email;
}
