// Stock for the browser tests: another shopper's open checkout holding units over HTTP, as the
// shop's pages would start it, so a product and colour is sold out or short without staff access.
import { logInOverHttp, newEmail, postToShop, shopConfig, signUpOverHttp } from './session.ts';

/** Holds `quantity` units of a product and colour in a new shopper's open checkout session. */
export async function holdUnits(key: string, color: string, quantity: number): Promise<void> {
  const email = newEmail('holder');
  await signUpOverHttp(email);
  const { access_token: token } = await logInOverHttp(email);
  // Lines of the same product and colour add up; one line takes at most 99.
  const items = [];
  for (let left = quantity; left > 0; left -= 99) {
    items.push({ key, color, quantity: Math.min(left, 99) });
  }
  await postToShop(await shopConfig(), '/functions/v1/checkout', { items }, token);
}
