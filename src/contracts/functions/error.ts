import * as z from 'zod/mini';

/**
 * Every failure a function answers (src/server/functions/errors.ts lists the codes): a stable
 * snake_case code and a message meant for people. A few codes add a field: the provider's error
 * `type` (stripe_*), the order's `status` (invalid_transition) and the provider's `reason`
 * (refund_refused). The server's own middleware (body limit, not found, crashes, the database
 * unavailable) answers the same shape under /functions/v1.
 */
export const functionErrorSchema = z.looseObject({
  error: z.string(),
  message: z.string(),
  type: z.optional(z.string()),
  status: z.optional(z.string()),
  reason: z.optional(z.string()),
});

export type FunctionError = z.infer<typeof functionErrorSchema>;

/** The fields besides the code and the message a function error may carry. */
export type FunctionErrorExtra = Pick<FunctionError, 'type' | 'status' | 'reason'>;
