import { invalidRequest } from './errors.ts';
import {
  expandList,
  optionalInteger,
  optionalList,
  optionalString,
  readMetadata,
  rejectUnknown,
  requiredString,
  type Form,
  type FormValue,
} from './form.ts';
import { readDiscountParams, type DiscountParams } from './validate-discounts.ts';
import { readLineItems, type LineItemInput } from './validate-line-items.ts';
import { readShipping, type ShippingInput } from './validate-shipping.ts';

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
  const shipping = readShipping(form);
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
