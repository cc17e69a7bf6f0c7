// Which Vitest tier runs which test files (docs/decisions/0041-test-strategy.md). Read by the three
// Vitest configs and checked by tests/unit/test-tiers.test.ts.

/** Every file of the Node side (server, sandbox, catalogue, contracts, repository checks). */
export const NODE_TESTS = [
  'src/catalogue/**/*.test.ts',
  'src/contracts/**/*.test.ts',
  'src/server/**/*.test.ts',
  'src/payments-sandbox/**/*.test.ts',
  'tests/unit/**/*.test.ts',
  'tests/security/**/*.test.ts',
  'tests/compat/**/*.test.ts',
];

/** The storefront's unit and component tests (jsdom). */
export const WEB_TESTS = ['src/web/**/*.test.{ts,tsx}'];

/**
 * The process tier (`npm run test:process`): suites whose subject is a process, started as a child
 * (the server, `npm start`, a command) and stopped, killed or starved: start-up errors, the drain,
 * the DATA_DIR lock, a full disk, PostgreSQL restarting, the mail channel, the operator's commands.
 */
export const PROCESS_TESTS = ['**/*.process.test.ts'];

/**
 * The PostgreSQL tier (`npm run test:pg`): the suites whose result can depend on the engine, run
 * again on PostgreSQL. What differs between PGlite and PostgreSQL: PGlite runs one transaction at a
 * time (a race only races on PostgreSQL); it has one connection (instances sharing a database,
 * pools and batches only exist on PostgreSQL); and the server reaches it through another driver,
 * whose errors and parsed values (bigint, numeric, timestamps) differ from pg's. Suites about
 * HTTP headers, the page, request bodies and token claims run on PGlite only. Each file here runs
 * its suites through databaseTargets().
 */
export const POSTGRES_TESTS = [
  // The data API: PostgREST's behaviour is SQL's, run as the request's role.
  'src/server/rest/postgrest-compat.test.ts',
  'src/server/rest/bad-input.test.ts',
  'tests/security/data.test.ts',
  // Row-level security and grants.
  'src/server/db/policies/order-history.test.ts',
  'src/server/db/policies/orders.test.ts',
  'src/server/db/policies/products.test.ts',
  'src/server/db/policies/reviews.test.ts',
  'tests/security/back-office.test.ts',
  // Migrations, the statements the server batches, and the test databases made from them.
  'src/server/db/migrate.test.ts',
  'src/server/catalogue/read.test.ts',
  'src/server/db/shop-orders-backfill.test.ts',
  'src/server/db/order-numbers.test.ts',
  'src/server/db/batch.test.ts',
  'src/server/test-support/database-images.test.ts',
  // What the engine's answers look like to the server: SQL errors mapped to API errors and
  // redacted in logs, values the driver parses (money, counts, dates), NUL bytes, and the sessions,
  // signing keys and limits auth keeps in the database.
  'src/server/auth/confirm-email.test.ts',
  'src/server/auth/delete-account.test.ts',
  'src/server/auth/email-change.test.ts',
  'src/server/auth/gotrue-fidelity.test.ts',
  'src/server/auth/logout.test.ts',
  'src/server/auth/reauthenticate.test.ts',
  'src/server/auth/signup-signin.test.ts',
  'src/server/auth/tokens.test.ts',
  'src/server/auth/user.test.ts',
  'src/server/back-office/csv.test.ts',
  'src/server/functions/confirm-checkout.test.ts',
  'src/server/functions/order-mails.test.ts',
  'src/server/functions/stripe-webhook.test.ts',
  'src/server/http/fuzz.test.ts',
  'src/server/http/healthz.test.ts',
  'src/server/http/log-redact.test.ts',
  'src/server/orders/address-retention.test.ts',
  'tests/security/checkout.test.ts',
  'tests/security/control-characters.test.ts',
  'tests/security/enumeration.test.ts',
  'tests/security/logs.test.ts',
  'tests/security/password-change.test.ts',
  'tests/security/tokens.test.ts',
  // Concurrency and races: requests at the same moment, several instances on one database.
  'src/server/pages/instances.test.ts',
  'src/server/auth/key-rotation.test.ts',
  'src/server/auth/rate-limit.test.ts',
  'src/server/auth/recover.test.ts',
  'src/server/auth/refresh.test.ts',
  'src/server/orders/cancel-race.test.ts',
  'src/server/functions/admin-orders.test.ts',
  'src/server/functions/admin-stock.test.ts',
  'src/server/functions/checkout.test.ts',
  'src/server/functions/checkout-catalogue.test.ts',
  'src/server/mail/worker.test.ts',
  'src/server/orders/exactly-once.test.ts',
  'src/server/orders/record-order.test.ts',
  'src/server/orders/discounts-recording.test.ts',
  'src/server/orders/stock-lifecycle.test.ts',
  'src/server/orders/stock-race.test.ts',
  'src/server/orders/pre-orders.test.ts',
  'src/server/functions/open-checkouts.test.ts',
  'src/server/storage/instances.test.ts',
  'src/server/payments/failover.test.ts',
  'src/server/payments/sandbox-store.test.ts',
  'tests/security/lockout.test.ts',
  'tests/security/signup-flood.test.ts',
  // The compatibility suite: the official clients against the server.
  'tests/compat/auth-js.test.ts',
  'tests/compat/postgrest-fidelity.test.ts',
  'tests/compat/postgrest-js-reads.test.ts',
  'tests/compat/postgrest-js-writes.test.ts',
];
