// Many shoppers at once, each a loop of what a person does in the shop: browse, log in once, then
// buy again and again (checkout, pay on the hosted page, the confirmation page's calls, the order
// history, which must show the new order) until time is up. Their accounts are signed up first.
import type { Catalogue } from '../../../src/catalogue/index.ts';
import { shopCatalogue } from './catalogue.ts';
import { parsePage, Recorder, Shopper, type CheckoutItem } from './client.ts';
import { signUpGate } from './sign-ups.ts';

export interface ShoppersOptions {
  origins: string[];
  shoppers: number;
  seconds: number;
  /** Shoppers start evenly over this many seconds, as visitors arrive. */
  rampSeconds: number;
  /** Where the timed requests are recorded (default: a new Recorder). */
  recorder?: Recorder;
}

const CATEGORIES = ['keyboards', 'switches', 'accessories'] as const;
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A random cart of one to three lines of `catalogue` (the shop's: bench/lib/shop/catalogue.ts). */
export function randomCart(catalogue: Catalogue): CheckoutItem[] {
  const count = 1 + Math.floor(Math.random() * 3);
  const items = new Map<string, CheckoutItem>();
  while (items.size < count) {
    const product = pick(catalogue.products);
    const color = pick(product.availableColors);
    items.set(`${product.key}/${color}`, {
      key: product.key,
      color,
      quantity: 1 + Math.floor(Math.random() * 3),
    });
  }
  return [...items.values()];
}

/** Runs the shoppers; resolves the recorder and counts once every shopper has stopped. */
export async function runShoppers(options: ShoppersOptions) {
  const recorder = options.recorder ?? new Recorder();
  const page = await (await fetch(`${options.origins[0]}/keebshop/`)).text();
  const { anonKey, assets } = parsePage(page);
  if (!anonKey) throw new Error('the page carries no anon key');
  const catalogue = await shopCatalogue(options.origins[0]!, anonKey);
  // Accounts are made before the clock starts (SIGN_UPS_AT_ONCE at a time, each one OWASP-cost
  // Argon2id hash); their latencies are kept apart. The timed shoppers are returning customers.
  const signUps = new Recorder();
  const shopperAt = (index: number, into: Recorder) =>
    new Shopper({
      origins: options.origins,
      anonKey,
      assets,
      ip: `10.${(index >> 8) & 255}.${index & 255}.${1 + (index % 250)}`,
      recorder: into,
    });
  const account = (index: number) => ({
    email: `load-${Date.now().toString(36)}-${process.pid}-${index}@example.com`,
    password: `load password ${index}`,
  });
  const accounts = Array.from({ length: options.shoppers }, (_, i) => account(i));
  const setupStarted = Date.now();
  const signUp = signUpGate();
  await Promise.all(
    accounts.map(({ email, password }, index) =>
      signUp(() => shopperAt(index, signUps).signUp(email, password)),
    ),
  );

  const signUpSeconds = (Date.now() - setupStarted) / 1000;

  const counts = { shoppers: options.shoppers, iterations: 0, checkouts: 0, paid: 0, confirmed: 0 };
  const started = Date.now();
  const deadline = started + options.seconds * 1000;
  const running = () => Date.now() < deadline;

  async function shop(index: number) {
    await sleep((index * options.rampSeconds * 1000) / options.shoppers);
    const shopper = shopperAt(index, recorder);
    const { email, password } = accounts[index]!;
    while (running()) {
      try {
        await shopper.browse(pick(CATEGORIES));
        if (!shopper.accessToken) await shopper.logIn(email, password);
        if (!running()) break;
        const session = await shopper.checkout(randomCart(catalogue));
        counts.checkouts += 1;
        await shopper.pay(session);
        counts.paid += 1;
        await shopper.confirm(session.id);
        counts.confirmed += 1;
        const history = await shopper.history(shopper.userId);
        if (!history.has(session.id)) {
          recorder.fail('order history shows the order', `${session.id} missing`);
        }
        counts.iterations += 1;
      } catch {
        // Recorded by the client; a real shopper would try again after a moment.
        await sleep(200);
      }
    }
  }

  await Promise.all(Array.from({ length: options.shoppers }, (_, i) => shop(i)));
  const durationS = Math.round((Date.now() - started) / 100) / 10;
  return { recorder, signUps, signUpSeconds, counts, durationS };
}
