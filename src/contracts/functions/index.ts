// The server functions under /functions/v1, one module each (the staff actions share one): the
// schemas of what is sent and what comes back, which the server and the web app both use.
export * from './contract.ts';
export * from './error.ts';
export * from './order.ts';
export * from './staff-order.ts';
export * from './checkout.ts';
export * from './cancel-checkout.ts';
export * from './confirm-checkout.ts';
export * from './admin-orders.ts';
export * from './admin-actions.ts';
export * from './admin-orders-csv.ts';
export * from './admin-stock.ts';
export * from './admin-discounts.ts';
export * from './admin-tax-rates.ts';
