// What main.ts needs only once the database is open: the app and its routes, payments (the stripe
// SDK, the sandbox), the staff socket and the timers. main.ts imports this module dynamically
// while the database opens, so their loading (Hono, Stripe, jose, argon2...) overlaps the opening
// instead of coming before it; the compiled server holds it in a chunk of its own
// (docs/decisions/0033-compiled-server.md).
export { composeApp } from './compose.ts';
export { startAddressRetention, startStockSweep } from './orders/index.ts';
export { startServerPayments } from './payments/index.ts';
export { serveStaffControl } from './staff/control-socket.ts';
