// Every JSON answer and webhook body of the sandbox, checked against Stripe's schema for the API
// version it claims, as stripe-node's generated type declarations state it (stripe-schema.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import {
  emptyReport,
  mergeReport,
  SchemaChecker,
  type Report,
} from './test-support/schema-check.ts';
import { recordTraffic, type Answer } from './test-support/schema-traffic.ts';
import { loadStripeSchema, type SchemaName } from './test-support/stripe-schema.ts';

let answers: Answer[];
let schema: { check: SchemaChecker; types: ReturnType<typeof loadStripeSchema>['types'] };
const reports = new Map<SchemaName, Report>();
const total = emptyReport();

beforeAll(async () => {
  const { checker, types } = loadStripeSchema();
  schema = { check: new SchemaChecker(checker), types };
  answers = await recordTraffic();
  for (const answer of answers) {
    if (!answer.schema) continue;
    const at = `${answer.what} ${answer.schema}`;
    const report = schema.check.check(types[answer.schema], answer.body, at);
    if (!reports.has(answer.schema)) reports.set(answer.schema, emptyReport());
    mergeReport(reports.get(answer.schema)!, report);
    mergeReport(total, report);
  }
  const share = (r: Report) =>
    `${r.present}/${r.required} (${((100 * r.present) / r.required).toFixed(1)} %)`;
  const lines = [...reports].map(([name, r]) => `  ${name}: ${share(r)}`);
  console.info(`required properties present: ${share(total)}\n${lines.join('\n')}`);
}, 60_000);

describe('the sandbox against Stripe’s schema', () => {
  it('answers every request it was sent with an object of a known schema', () => {
    expect(answers.filter((a) => !a.schema).map((a) => a.what)).toEqual([]);
    for (const name of ['session', 'lineItemList', 'paymentIntent', 'charge', 'refund', 'event']) {
      expect(reports.has(name as SchemaName), name).toBe(true);
    }
  });

  it('catches a missing property, a wrong type or null, an unknown enum value or property', () => {
    const charge = answers.find((a) => a.schema === 'charge')!.body as Record<string, unknown>;
    const details = charge.payment_method_details as { card: Record<string, unknown> };
    const { exp_month: _dropped, ...card } = details.card;
    const broken = {
      ...charge,
      amount: '100',
      description: 42,
      paid: null,
      status: 'done',
      surprise: true,
      payment_method_details: { ...details, card: { ...card, funding: null, checks: 'pass' } },
    };
    const found = schema.check.check(schema.types.charge, broken, 'charge').findings;
    expect(found.map((f) => f.path).sort()).toEqual(
      [
        'charge.amount',
        'charge.description',
        'charge.paid',
        'charge.payment_method_details.card.checks',
        'charge.payment_method_details.card.exp_month',
        'charge.status',
        'charge.surprise',
      ].sort(),
    );
    const error = {
      error: { type: 'invalid_request_error', code: 'charge_exceeds_refundable_amount' },
    };
    expect(schema.check.check(schema.types.error, error, 'e').findings).toEqual([
      {
        path: 'e.error.code',
        problem: '"charge_exceeds_refundable_amount" is not one of the spec\'s values',
      },
    ]);
  });

  it('sends every property the schema requires, each of its declared type', () => {
    const findings = total.findings.map((f) => `${f.path}: ${f.problem}`);
    expect([...new Set(findings)]).toEqual([]);
    expect(total.present).toBe(total.required);
  });
});
