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
export { databaseSandboxStore } from './sandbox-store.ts';
export {
  paymentsEnvProblems,
  paymentsEnvShape,
  paymentsSettingsFrom,
  type PaymentsSettings,
} from './settings.ts';
export { startPayments, startServerPayments } from './start.ts';
