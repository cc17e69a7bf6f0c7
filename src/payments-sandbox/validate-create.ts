import { apiErrors, invalidRequest } from './errors.ts';
import {
  expandList,
  isRecord,
  optionalInteger,
  optionalList,
  optionalString,
  rejectUnknown,
  requiredInteger,
  requiredString,
  type Form,
  type FormValue,
} from './form.ts';
import type { TaxBehavior } from './types.ts';
import { readDiscountParams, readTaxBehavior, type DiscountParams } from './validate-discounts.ts';
import { readShipping, type ShippingInput } from './validate-shipping.ts';

export type LineItemInput = {
  name: string;
  productDescription: string | null;
  productMetadata: Record<string, string>;
  metadata: Record<string, string> | null;
  unitAmount: number;
  quantity: number;
  taxBehavior: TaxBehavior | undefined;
};

export type CreateSessionInput = {
  lineItems: LineItemInput[];
  successUrl: string;
  cancelUrl: string | null;
  metadata: Record<string, string>;
  clientReferenceId: string | null;
  customerEmail: string | null;
  expiresAt: number | null;
  shipping: ShippingInput;
  discounts: DiscountParams;
  expand: string[];
};

const TOP_LEVEL = [
  'mode',
  'line_items',
  'success_url',
  'cancel_url',
  'metadata',
  'client_reference_id',
  'customer_email',
  'expires_at',
  'allowed_payment_method_types',
  'payment_method_types',
  'ui_mode',
  'locale',
  'shipping_address_collection',
  'shipping_options',
  'allow_promotion_codes',
  'discounts',
  'automatic_tax',
  'expand',
] as const;

export const MAX_LINE_ITEMS = 100;
export const MAX_UNIT_AMOUNT = 99_999_999;
// Stripe caps a USD charge at $999,999.99.
const MAX_TOTAL = 99_999_999;
const MIN_EXPIRY_S = 30 * 60;
const MAX_EXPIRY_S = 24 * 60 * 60;

/** Checks a create request the way Stripe would, for the subset the sandbox models. */
export function validateCreateSession(form: Form, nowSeconds: number): CreateSessionInput {
  rejectUnknown(form, TOP_LEVEL);
  if (form.payment_method_types !== undefined) {
    // API 2026-09-30 and later refuse it on create (see the Stripe reference, section 0).
    throw invalidRequest(
      'You can no longer pass `payment_method_types` when you create a Checkout Session. Use `allowed_payment_method_types` instead.',
      'payment_method_types',
      'payment_method_types_no_longer_supported',
    );
  }
  const mode = requiredString(form.mode, 'mode');
  if (mode !== 'payment') {
    throw invalidRequest(
      `Invalid mode: '${mode}'. The payments sandbox supports only 'payment'.`,
      'mode',
    );
  }
  const uiMode = optionalString(form.ui_mode, 'ui_mode');
  if (uiMode !== undefined && uiMode !== 'hosted_page') {
    throw invalidRequest(`The payments sandbox supports only ui_mode 'hosted_page'.`, 'ui_mode');
  }
  optionalString(form.locale, 'locale');
  (optionalList(form.allowed_payment_method_types, 'allowed_payment_method_types') ?? []).forEach(
    (type, i) => {
      const param = `allowed_payment_method_types[${i}]`;
      if (requiredString(type, param) !== 'card') {
        throw invalidRequest(
          `The payment method type '${String(type)}' is not available in the payments sandbox; use 'card'.`,
          param,
          'payment_method_unsupported_type',
        );
      }
    },
  );

  const lineItems = readLineItems(form.line_items);
  const shipping = readShipping(form, readMetadata);
  const dearestShipping = Math.max(0, ...shipping.options.map((o) => o.amount));
  const total = lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
  if (total + dearestShipping > MAX_TOTAL) {
    throw invalidRequest(
      "The Checkout Session's total amount due must be no more than $999,999.99.",
      'line_items',
      'amount_too_large',
    );
  }

  const customerEmail = optionalString(form.customer_email, 'customer_email') ?? null;
  if (customerEmail !== null && !looksLikeEmail(customerEmail)) {
    throw invalidRequest(
      `Invalid email address: ${customerEmail}`,
      'customer_email',
      'email_invalid',
    );
  }
  const clientReferenceId = optionalString(form.client_reference_id, 'client_reference_id') ?? null;
  if (clientReferenceId !== null && clientReferenceId.length > 200) {
    throw invalidRequest(
      'client_reference_id must be at most 200 characters.',
      'client_reference_id',
    );
  }

  return {
    lineItems,
    successUrl: readUrl(form.success_url, 'success_url', true) as string,
    cancelUrl: readUrl(form.cancel_url, 'cancel_url', false),
    metadata: readMetadata(form.metadata, 'metadata'),
    clientReferenceId,
    customerEmail,
    expiresAt: readExpiresAt(form.expires_at, nowSeconds),
    shipping,
    discounts: readDiscountParams(form),
    expand: expandList(form.expand),
  };
}

export function looksLikeEmail(text: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text) && text.length <= 254;
}

function readLineItems(value: FormValue | undefined): LineItemInput[] {
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

function readUrl(value: FormValue | undefined, param: string, required: boolean): string | null {
  const text = required ? requiredString(value, param) : optionalString(value, param);
  if (text === undefined) return null;
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || text.length > 5000) {
    throw invalidRequest('Not a valid URL', param, 'url_invalid');
  }
  return text;
}

export function readMetadata(value: FormValue | undefined, param: string): Record<string, string> {
  if (value === undefined || value === '') return {};
  if (!isRecord(value)) throw invalidRequest(`Invalid object: ${param} must be a hash.`, param);
  const entries = Object.entries(value).filter(([, v]) => v !== '');
  if (entries.length > 50) {
    throw invalidRequest(
      `Invalid ${param}: metadata can have up to 50 keys, but you passed in ${entries.length} keys.`,
      param,
    );
  }
  const out: Record<string, string> = {};
  for (const [key, v] of entries) {
    const keyParam = `${param}[${key}]`;
    if (key.length > 40) {
      throw invalidRequest(`Invalid ${param}: keys can be at most 40 characters long.`, keyParam);
    }
    if (typeof v !== 'string')
      throw invalidRequest(`Invalid string: ${JSON.stringify(v)}`, keyParam);
    if (v.length > 500) {
      throw invalidRequest(
        `Invalid ${param}: values can be at most 500 characters long, but the value for '${key}' has ${v.length}.`,
        keyParam,
      );
    }
    out[key] = v;
  }
  return out;
}

function readExpiresAt(value: FormValue | undefined, now: number): number | null {
  const expiresAt = optionalInteger(value, 'expires_at');
  if (expiresAt === undefined) return null;
  if (expiresAt < now + MIN_EXPIRY_S) {
    throw invalidRequest(
      'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
      'expires_at',
    );
  }
  if (expiresAt > now + MAX_EXPIRY_S) {
    throw invalidRequest(
      'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
      'expires_at',
    );
  }
  return expiresAt;
}
