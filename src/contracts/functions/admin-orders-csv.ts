import * as z from 'zod/mini';
import type { FunctionContract } from './contract.ts';

const date = z.iso.date();

/** The UTC dates of the orders to export, both included. */
export const adminOrdersCsvQuerySchema = z
  .object({ from: date, to: date })
  .check(z.refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['from'] }));
export type AdminOrdersCsvQuery = z.input<typeof adminOrdersCsvQuerySchema>;

/** The file's text (text/csv), its name in Content-Disposition: orders-FROM-TO.csv. */
export const adminOrdersCsvAnswerSchema = z.string();

/** GET admin-orders-csv?from=YYYY-MM-DD&to=YYYY-MM-DD: one CSV line per order (docs/product.md). */
export const adminOrdersCsvFunction = {
  name: 'admin-orders-csv',
  method: 'GET',
  request: adminOrdersCsvQuerySchema,
  answer: adminOrdersCsvAnswerSchema,
  holds: 'the CSV file',
} as const satisfies FunctionContract;
