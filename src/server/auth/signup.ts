import type { Handler } from 'hono';
import { z } from 'zod';
import { readJson, validate, type AuthContext } from './context.ts';
import { checkUserMetadata } from './metadata.ts';
import { hashPassword } from './password.ts';
import { signupAnswer } from './signup-answer.ts';
import { findUserByEmail, findUserById, insertUser } from './users.ts';
import { checkEmail, checkPassword } from './validation.ts';

// auth-js also sends gotrue_meta_security and code_challenge(_method); they are accepted and unused.
const signupBody = z.object({
  email: z.string({ error: 'An email address is required' }),
  password: z.string({ error: 'Signup requires a valid password' }),
  data: z.record(z.string(), z.unknown()).nullish(),
});

const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';

/**
 * POST /signup: creates a confirmed account; what it answers is signupAnswer's choice. Behind the
 * signUpRateLimit guard (auth/limits.ts).
 */
export function signupHandler(ctx: AuthContext): Handler {
  return async function signup(c) {
    const body = validate(signupBody, await readJson(c));
    const email = checkEmail(body.email);
    checkPassword(body.password);
    const metadata = body.data ?? {};
    checkUserMetadata(metadata);
    if (await findUserByEmail(ctx.db, email)) {
      return c.json(await signupAnswer(ctx.db, { taken: email }));
    }

    const hash = await hashPassword(body.password);
    try {
      const user = await ctx.db.transaction(async (tx) => {
        const id = await insertUser(tx, email, hash, metadata, ctx.now());
        return signupAnswer(tx, { created: (await findUserById(tx, id))! });
      });
      return c.json(user);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Signed up twice at the same moment: the other request created the account.
      return c.json(await signupAnswer(ctx.db, { taken: email }));
    }
  };
}
