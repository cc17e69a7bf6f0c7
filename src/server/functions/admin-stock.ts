import type { Handler } from 'hono';
import {
  adminStockRequestSchema,
  MAX_ON_HAND,
  type AdminStockAnswer,
} from '../../contracts/index.ts';
import { readCatalogue } from '../catalogue/index.ts';
import { setOnHand } from '../orders/index.ts';
import { parseRequest, readJsonBody, type FunctionsDeps } from './context.ts';
import { functionError } from './errors.ts';
import type { WithCaller, WithStaff } from './guards.ts';

const BAD_BODY = `The request must be JSON like {"productKey": "switches:10", "color": "Yellow", "onHand": 25}, onHand a whole number from 0 to ${MAX_ON_HAND}.`;

/**
 * POST /functions/v1/admin-stock {productKey, color, onHand} (behind requireStaff): sets the units
 * on hand and answers {stock: {productKey, color, onHand, available}}; audit-logged.
 */
export function adminStockHandler(deps: FunctionsDeps): Handler<WithCaller & WithStaff> {
  return async function adminStock(c) {
    const parsed = parseRequest(adminStockRequestSchema, await readJsonBody(c));
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
    return c.json({ stock } satisfies AdminStockAnswer);
  };
}
