// Stock for the browser tests: another shopper's open checkout holding units over HTTP, as the
// shop's pages would start it, so a product and colour is sold out or short without staff access.
import { logInOverHttp, newEmail, postToShop, shopConfig, signUpOverHttp } from './session.ts';

/**
 * The most of one product one checkout may take with the server's default limits
 * (src/server/orders/order-limits.ts): holding more takes several shoppers.
 */
const perCheckout = (key: string) => (key.startsWith('switches:') ? 110 : 10);

/** Holds `quantity` units of a product and colour in other shoppers' open checkout sessions. */
export async function holdUnits(key: string, color: string, quantity: number): Promise<void> {
  const config = await shopConfig();
  for (let left = quantity; left > 0; left -= perCheckout(key)) {
    const email = newEmail('holder');
    await signUpOverHttp(email);
    const { access_token: token } = await logInOverHttp(email);
    const items = [{ key, color, quantity: Math.min(left, perCheckout(key)) }];
    await postToShop(config, '/functions/v1/checkout', { items }, token);
  }
}
