// A stand-in for the module-map lint test: only its path matters.
export const name = 'src/server/orders/stock.ts';
