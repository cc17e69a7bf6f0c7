import type { Queryable } from '../db/types.ts';

export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string;
  encrypted_password: string;
  email_confirmed_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  is_anonymous: boolean;
  created_at: Date;
  updated_at: Date;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  /** The address an email change waits to be confirmed for ('' when none). */
  email_change: string;
  email_change_sent_at: Date | null;
  reauthentication_sent_at: Date | null;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : undefined);

/** Lower-cases and trims an email: one account per address, however it is typed. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>('SELECT * FROM auth.users WHERE email = $1', [email]);
  return rows[0];
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>('SELECT * FROM auth.users WHERE id = $1', [id]);
  return rows[0];
}

/**
 * Creates a user with its email identity: confirmed at once (the account works), or, with
 * `unconfirmed` (AUTH_CONFIRM_EMAIL), waiting for its confirmation link.
 */
export async function insertUser(
  db: Queryable,
  email: string,
  passwordHash: string,
  metadata: Record<string, unknown>,
  now: Date,
  options: { unconfirmed?: boolean } = {},
): Promise<string> {
  const id = crypto.randomUUID();
  await db.query(
    `INSERT INTO auth.users (id, email, encrypted_password, email_confirmed_at, raw_user_meta_data, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6)`,
    [id, email, passwordHash, options.unconfirmed ? null : now, metadata, now],
  );
  await db.query(
    `INSERT INTO auth.identities (id, provider_id, user_id, identity_data, provider, created_at, updated_at)
     VALUES ($1, $2::text, $2::uuid, $3, 'email', $4, $4)`,
    [crypto.randomUUID(), id, identityData(id, email, !options.unconfirmed), now],
  );
  return id;
}

export function identityData(userId: string, email: string, verified = true) {
  return { sub: userId, email, email_verified: verified, phone_verified: false };
}

/**
 * The user as GoTrue sends it (docs/product.md, Calls to the server: id, email, identities,
 * factors).
 */
export async function userJson(db: Queryable, user: UserRow): Promise<Record<string, unknown>> {
  const { rows } = await db.query<IdentityRow>(
    'SELECT * FROM auth.identities WHERE user_id = $1 ORDER BY created_at',
    [user.id],
  );
  return userJsonWith(user, rows);
}

/**
 * What a sign-up with email confirmation answers for an email that is already registered: a user
 * shaped like a new unconfirmed one (random id, the email, timestamps of now, no identities), as
 * GoTrue does, and no mail.
 */
export function madeUpUserJson(
  email: string,
  metadata: Record<string, unknown>,
  now: Date,
): Record<string, unknown> {
  return userJsonWith(
    {
      id: crypto.randomUUID(),
      aud: 'authenticated',
      role: 'authenticated',
      email,
      encrypted_password: '',
      email_confirmed_at: null,
      last_sign_in_at: null,
      raw_app_meta_data: { provider: 'email', providers: ['email'] },
      raw_user_meta_data: metadata,
      is_anonymous: false,
      created_at: now,
      updated_at: now,
      confirmation_sent_at: now,
      recovery_sent_at: null,
      email_change: '',
      email_change_sent_at: null,
      reauthentication_sent_at: null,
    },
    [],
  );
}

/** The user as GoTrue sends it, from its row and its identities (oldest first). */
export function userJsonWith(user: UserRow, rows: IdentityRow[]): Record<string, unknown> {
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email,
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: '',
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.email_confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change || undefined,
    email_change_sent_at: iso(user.email_change_sent_at),
    reauthentication_sent_at: iso(user.reauthentication_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    identities: rows.map((i) => ({
      identity_id: i.id,
      id: i.provider_id,
      user_id: i.user_id,
      identity_data: i.identity_data,
      provider: i.provider,
      last_sign_in_at: iso(i.last_sign_in_at),
      created_at: iso(i.created_at),
      updated_at: iso(i.updated_at),
      email: typeof i.identity_data.email === 'string' ? i.identity_data.email : undefined,
    })),
    factors: [],
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: user.is_anonymous,
  };
}
