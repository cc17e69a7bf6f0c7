// The line_items of a create request, checked as Stripe does for the one-off prices
// (price_data) the shop sends; a saved price or product is one the sandbox does not have.
import { apiErrors, invalidRequest } from './errors.ts';
import {
  isRecord,
  optionalList,
  optionalString,
  readMetadata,
  rejectUnknown,
  requiredInteger,
  requiredString,
  type FormValue,
} from './form.ts';
import type { TaxBehavior } from './types.ts';
import { readTaxBehavior } from './validate-discounts.ts';

export type LineItemInput = {
  name: string;
  productDescription: string | null;
  productMetadata: Record<string, string>;
  metadata: Record<string, string> | null;
  unitAmount: number;
  quantity: number;
  taxBehavior: TaxBehavior | undefined;
};

export const MAX_LINE_ITEMS = 100;
export const MAX_UNIT_AMOUNT = 99_999_999;

export function readLineItems(value: FormValue | undefined): LineItemInput[] {
  const list = optionalList(value, 'line_items');
  if (list === undefined || list.length === 0) throw apiErrors.missing('line_items');
  if (list.length > MAX_LINE_ITEMS) {
    throw invalidRequest(
      `You may only specify up to ${MAX_LINE_ITEMS} line items in payment mode; you passed ${list.length}.`,
      'line_items',
    );
  }
  return list.map((item, i) => readLineItem(item, `line_items[${i}]`));
}

function readLineItem(item: FormValue, param: string): LineItemInput {
  if (!isRecord(item)) throw invalidRequest(`Invalid object: ${param} must be an object.`, param);
  rejectUnknown(item, ['price', 'price_data', 'quantity', 'metadata'], param);
  const price = optionalString(item.price, `${param}[price]`);
  if (price !== undefined) throw apiErrors.noSuch('price', price, `${param}[price]`);
  const priceData = item.price_data;
  if (priceData === undefined || priceData === '') throw apiErrors.missing(`${param}[price_data]`);
  const pd = `${param}[price_data]`;
  if (!isRecord(priceData)) throw invalidRequest(`Invalid object: ${pd} must be an object.`, pd);
  rejectUnknown(
    priceData,
    ['currency', 'unit_amount', 'product_data', 'product', 'tax_behavior'],
    pd,
  );

  const currency = requiredString(priceData.currency, `${pd}[currency]`).toLowerCase();
  if (currency !== 'usd') {
    throw invalidRequest(
      `Invalid currency: ${currency}. The payments sandbox supports only usd.`,
      `${pd}[currency]`,
    );
  }
  const unitAmount = requiredInteger(priceData.unit_amount, `${pd}[unit_amount]`);
  if (unitAmount < 1) {
    throw invalidRequest(
      'This value must be greater than or equal to 1.',
      `${pd}[unit_amount]`,
      'amount_too_small',
    );
  }
  if (unitAmount > MAX_UNIT_AMOUNT) {
    throw invalidRequest(
      `This value must be less than or equal to ${MAX_UNIT_AMOUNT} (it currently is '${unitAmount}').`,
      `${pd}[unit_amount]`,
      'amount_too_large',
    );
  }
  const product = optionalString(priceData.product, `${pd}[product]`);
  if (product !== undefined) throw apiErrors.noSuch('product', product, `${pd}[product]`);

  const prod = `${pd}[product_data]`;
  const productData = priceData.product_data;
  if (productData === undefined || productData === '') throw apiErrors.missing(prod);
  if (!isRecord(productData))
    throw invalidRequest(`Invalid object: ${prod} must be an object.`, prod);
  rejectUnknown(productData, ['name', 'description', 'metadata'], prod);
  const name = requiredString(productData.name, `${prod}[name]`);
  if (name.trim() === '') {
    throw invalidRequest(
      'The product name cannot be blank.',
      `${prod}[name]`,
      'parameter_invalid_string_blank',
    );
  }

  const quantity = requiredInteger(item.quantity, `${param}[quantity]`);
  if (quantity < 1) {
    throw invalidRequest('This value must be greater than or equal to 1.', `${param}[quantity]`);
  }
  return {
    name,
    productDescription: optionalString(productData.description, `${prod}[description]`) ?? null,
    productMetadata: readMetadata(productData.metadata, `${prod}[metadata]`),
    metadata:
      item.metadata === undefined ? null : readMetadata(item.metadata, `${param}[metadata]`),
    unitAmount,
    quantity,
    taxBehavior: readTaxBehavior(priceData.tax_behavior, `${pd}[tax_behavior]`),
  };
}
