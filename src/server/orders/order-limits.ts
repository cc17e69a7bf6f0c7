// The most of one product a single checkout may take (docs/decisions/0044-one-open-checkout.md):
// with one open checkout per shopper, this bounds what one account can hold unpaid, so a checkout
// of "everything" never sells the shop out for the next shopper. Switches are sold by the board,
// so their bound allows the largest pack.
import { SWITCH_PACK_SIZES } from '../../catalogue/index.ts';
import { InvalidCartError, type CheckoutLine } from './cart.ts';

export interface CheckoutLimits {
  /** Units of one keyboard or accessory, all its colours together (CHECKOUT_MAX_PER_PRODUCT). */
  perProduct: number;
  /** Units of one switch, all its colours together (CHECKOUT_MAX_SWITCHES_PER_PRODUCT). */
  perSwitch: number;
  /** Units of everything in the checkout (CHECKOUT_MAX_UNITS). */
  perOrder: number;
}

export const DEFAULT_CHECKOUT_LIMITS: CheckoutLimits = {
  perProduct: 10,
  perSwitch: Math.max(...SWITCH_PACK_SIZES),
  perOrder: 250,
};

export const limitMessages = {
  product: (max: number, name: string) => `At most ${max} of ${name} in one order.`,
  order: (max: number) => `At most ${max} items in one order.`,
};

/** The lines as they are, or InvalidCartError naming the first product over its limit. */
export function checkOrderLimits(lines: CheckoutLine[], limits: CheckoutLimits): CheckoutLine[] {
  const units = new Map<string, number>();
  let all = 0;
  for (const line of lines) {
    const total = (units.get(line.product.key) ?? 0) + line.quantity;
    units.set(line.product.key, total);
    const max = line.product.category === 'switches' ? limits.perSwitch : limits.perProduct;
    if (total > max) throw new InvalidCartError(limitMessages.product(max, line.product.name));
    all += line.quantity;
  }
  if (all > limits.perOrder) throw new InvalidCartError(limitMessages.order(limits.perOrder));
  return lines;
}
