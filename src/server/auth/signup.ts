import type { Handler } from 'hono';
import { z } from 'zod';
import { readJson, validate, type AuthContext } from './context.ts';
import { authError, AUTH_MESSAGES } from './errors.ts';
import { hashPassword } from './password.ts';
import { findUserByEmail, findUserById, insertUser, userJson } from './users.ts';
import { checkEmail, checkPassword } from './validation.ts';

// auth-js also sends gotrue_meta_security and code_challenge(_method); they are accepted and unused.
const signupBody = z.object({
  email: z.string({ error: 'An email address is required' }),
  password: z.string({ error: 'Signup requires a valid password' }),
  data: z.record(z.string(), z.unknown()).nullish(),
});

const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';

/** POST /signup: creates a confirmed account and answers the bare user (no session: log in next). */
export function signupHandler(ctx: AuthContext): Handler {
  return async function signup(c) {
    const body = validate(signupBody, await readJson(c));
    const email = checkEmail(body.email);
    checkPassword(body.password);
    const taken = () => authError('user_already_exists', AUTH_MESSAGES.userAlreadyExists);
    if (await findUserByEmail(ctx.db, email)) throw taken();

    const hash = await hashPassword(body.password);
    const user = await ctx.db
      .transaction(async (tx) => {
        const id = await insertUser(tx, email, hash, body.data ?? {}, ctx.now());
        const row = await findUserById(tx, id);
        return userJson(tx, row!);
      })
      .catch((err: unknown) => {
        throw isUniqueViolation(err) ? taken() : err; // signed up twice at the same moment
      });
    return c.json(user);
  };
}
