// Everything the harness takes from the server's payments code, in one place: when that code
// moves, this is the one import to follow.
export { paymentsFor, sandboxStripeClient, type Payments } from '../functions/index.ts';
export { loadSandboxKeys, type SandboxKeys } from '../functions/sandbox-keys.ts';
