// Shared by the checkout benchmark and the server process it starts (which runs on import).

/** The cart every checkout request sends: two products, one of them twice. */
export const BENCH_CART = {
  items: [
    { key: 'keyboards:1', color: 'Red', quantity: 2, price: 120 },
    { key: 'switches:10', color: 'Yellow', quantity: 1, price: 2.5 },
  ],
};

/** What the server process reports over IPC once it listens. */
export interface CheckoutBenchServer {
  origin: string;
  anonKey: string;
  accessToken: string;
  paidSessionIds: string[];
  kind: 'pglite' | 'postgres';
}
