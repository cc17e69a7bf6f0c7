import type { Handler } from 'hono';
import { z } from 'zod';
import { readCatalogue } from '../catalogue/index.ts';
import { MAX_ON_HAND } from '../orders/stock.ts';
import { setOnHand } from '../orders/stock-edit.ts';
import { readJsonBody, type FunctionsDeps } from './context.ts';
import { functionError } from './errors.ts';
import type { WithCaller, WithStaff } from './guards.ts';

const bodyShape = z.object({
  productKey: z.string().min(1),
  color: z.string().min(1),
  onHand: z.number().int().min(0).max(MAX_ON_HAND),
});

const BAD_BODY = `The request must be JSON like {"productKey": "switches:10", "color": "Yellow", "onHand": 25}, onHand a whole number from 0 to ${MAX_ON_HAND}.`;

/**
 * POST /functions/v1/admin-stock {productKey, color, onHand} (behind requireStaff): sets the units
 * on hand and answers {stock: {productKey, color, onHand, available}}; audit-logged.
 */
export function adminStockHandler(deps: FunctionsDeps): Handler<WithCaller & WithStaff> {
  return async function adminStock(c) {
    const parsed = bodyShape.safeParse(await readJsonBody(c));
    if (!parsed.success) throw functionError('invalid_request', BAD_BODY);
    const { productKey, color, onHand } = parsed.data;
    // Any status: staff keep the stock of a draft before it is published, and of archived ones.
    const catalogue = await readCatalogue(deps.db, [productKey], deps.logger);
    const product = catalogue.byKey(productKey);
    if (!product) throw functionError('invalid_request', `Unknown product: ${productKey}.`);
    if (!product.availableColors.includes(color)) {
      throw functionError(
        'invalid_request',
        `Unknown colour "${color}" for ${product.name}. Available: ${product.availableColors.join(', ')}.`,
      );
    }
    const staff = c.get('staff');
    const stock = await setOnHand(
      deps.db,
      { id: staff.sub, email: staff.email },
      productKey,
      color,
      onHand,
    );
    if (!stock) {
      throw functionError('invalid_request', `No stock is kept for ${product.name} (${color}).`);
    }
    deps.logger.info({ productKey, color, onHand, staff: staff.sub }, 'stock: set on hand');
    return c.json({ stock });
  };
}
