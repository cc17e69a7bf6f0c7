// For tests of discounts and tax on Checkout Sessions: the hosted page's promotion code form, and
// a session as the sandbox sends it (raw JSON, to check against Stripe's schema).
import { expect } from 'vitest';
import { pageAfter, type Started } from '../test-support.ts';
import { SchemaChecker } from './schema-check.ts';
import { loadStripeSchema } from './stripe-schema.ts';

/** Posts the promotion code form (`code=…`, or `remove=1`) and follows its 303 to the page. */
export async function postCode(
  url: string,
  fields: Record<string, string>,
): Promise<{ location: string; page: string }> {
  const codeUrl = `${url}/code`;
  const res = await fetch(codeUrl, {
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const after = await pageAfter(res, codeUrl);
  return { location: after.url, page: await after.page.text() };
}

/** GET /v1/checkout/sessions/:id as sent, before the SDK turns decimals into objects. */
export async function rawSession(
  sb: Started,
  id: string,
  expand: string[] = [],
): Promise<Record<string, unknown>> {
  const query = expand.map((path) => `expand[]=${encodeURIComponent(path)}`).join('&');
  const res = await fetch(`${sb.url}/v1/checkout/sessions/${id}?${query}`, {
    headers: { authorization: `Bearer ${sb.secretKey}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

let schema: ReturnType<typeof loadStripeSchema> | undefined;

/** Expects `body` to be a whole Stripe.Checkout.Session: every key, every type. */
export function expectSessionSchema(body: unknown): void {
  schema ??= loadStripeSchema();
  const report = new SchemaChecker(schema.checker).check(schema.types.session, body, 'session');
  expect(report.findings).toEqual([]);
  expect(report.present).toBe(report.required);
}

/** The summary row whose label is `label`: its amount, or undefined. */
export function summaryAmount(page: string, label: string): string | undefined {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`<dt>\\s*${escaped}\\s*</dt>\\s*<dd>([^<]*)</dd>`).exec(page);
  return match?.[1]?.trim();
}
