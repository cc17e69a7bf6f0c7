// For tests: Stripe's object schemas as stripe-node's type declarations state them. The package's
// .d.ts files are generated from the OpenAPI spec of the API version it pins (the one the sandbox
// claims), so a property without `?` is one the spec requires, and its type says what may be in it.
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const VIRTUAL = path.join(ROOT, '__stripe_schema__.ts');

/** The object types the sandbox answers with, by name. */
export const SCHEMA_TYPES = {
  session: 'Stripe.Checkout.Session',
  lineItem: 'Stripe.LineItem',
  paymentIntent: 'Stripe.PaymentIntent',
  charge: 'Stripe.Charge',
  refund: 'Stripe.Refund',
  shippingRate: 'Stripe.ShippingRate',
  coupon: 'Stripe.Coupon',
  deletedCoupon: 'Stripe.DeletedCoupon',
  promotionCode: 'Stripe.PromotionCode',
  taxRate: 'Stripe.TaxRate',
  event: 'Stripe.Event',
  // The spec's `error` object: { error: api_errors }; api_errors is also a PaymentIntent's
  // last_payment_error, whose declaration lists the error codes the spec knows.
  error: '{ error: Stripe.PaymentIntent.LastPaymentError }',
  sessionList: 'Stripe.ApiList<Stripe.Checkout.Session>',
  lineItemList: 'Stripe.ApiList<Stripe.LineItem>',
  refundList: 'Stripe.ApiList<Stripe.Refund>',
  eventList: 'Stripe.ApiList<Stripe.Event>',
} as const;

export type SchemaName = keyof typeof SCHEMA_TYPES;

export type StripeSchema = { checker: ts.TypeChecker; types: Record<SchemaName, ts.Type> };

/** Compiles a one-file program over the stripe package and resolves every type of SCHEMA_TYPES. */
export function loadStripeSchema(): StripeSchema {
  const names = Object.keys(SCHEMA_TYPES) as SchemaName[];
  const source = [
    "import type Stripe from 'stripe';",
    ...names.map((name) => `export type ${name} = ${SCHEMA_TYPES[name]};`),
  ].join('\n');
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, language, ...rest) =>
    path.resolve(file) === VIRTUAL
      ? ts.createSourceFile(file, source, language)
      : getSourceFile(file, language, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (file) => path.resolve(file) === VIRTUAL || fileExists(file);
  const program = ts.createProgram([VIRTUAL], options, host);
  const problems = ts.getPreEmitDiagnostics(program, program.getSourceFile(VIRTUAL));
  if (problems.length > 0) {
    const text = problems.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    throw new Error(`stripe schema: ${text.join('; ')}`);
  }
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(VIRTUAL)!;
  const types = {} as Record<SchemaName, ts.Type>;
  for (const statement of file.statements) {
    if (ts.isTypeAliasDeclaration(statement)) {
      types[statement.name.text as SchemaName] = checker.getTypeAtLocation(statement.name);
    }
  }
  return { checker, types };
}
