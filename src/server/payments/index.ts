// Payments: which provider the shop uses (real Stripe or the payments sandbox), the SDK client for
// it, and the sandbox as this server runs it, keys and state kept in the database. The only part of the
// server that imports the sandbox, and only through its public entry (src/payments-sandbox/index.ts).
export {
  isSandboxStorageFull,
  paymentsFor,
  sandboxStripeClient,
  STRIPE_CHECKOUT_ORIGIN,
  type Payments,
} from './provider.ts';
export { loadSandboxKeys, type SandboxKeys } from './sandbox-keys.ts';
/** The country codes Stripe takes for shipping (stripe-node's AllowedCountry), as the sandbox does. */
export { ALLOWED_COUNTRIES as STRIPE_ALLOWED_COUNTRIES } from '../../payments-sandbox/index.ts';
export { databaseSandboxStore } from './sandbox-store.ts';
export {
  paymentsEnvProblems,
  paymentsEnvShape,
  paymentsSettingsFrom,
  type PaymentsSettings,
} from './settings.ts';
export { startPayments, startServerPayments } from './start.ts';
