// The staff role (docs/decisions/0024-staff-role-and-control-socket.md): `role: 'staff'` in an
// account's auth.users.raw_app_meta_data, copied into its access tokens at sign-in and refresh.
import type { Queryable } from '../db/types.ts';
import { normalizeEmail } from '../auth/users.ts';

/** The staff commands `npm run staff` sends, whichever way it reaches the database. */
export type StaffCommand =
  { command: 'add'; email: string } | { command: 'remove'; email: string } | { command: 'list' };

/** What a staff command did, as the one line the operator reads, and whether it succeeded. */
export interface StaffOutcome {
  ok: boolean;
  message: string;
}

/** Grants or revokes the role of an existing account; the message says which, or who is unknown. */
async function setStaff(db: Queryable, email: string, staff: boolean): Promise<StaffOutcome> {
  const address = normalizeEmail(email);
  const { rowCount } = await db.query(
    staff
      ? `UPDATE auth.users SET raw_app_meta_data = raw_app_meta_data || '{"role":"staff"}'::jsonb,
           updated_at = now() WHERE email = $1`
      : `UPDATE auth.users SET raw_app_meta_data = raw_app_meta_data - 'role', updated_at = now()
         WHERE email = $1`,
    [address],
  );
  if (rowCount === 0) return { ok: false, message: `No account with email ${address}` };
  return { ok: true, message: staff ? `${address} is now staff` : `${address} is no longer staff` };
}

/** Runs one staff command against the shop's database (as its owner). */
export async function runStaffCommand(db: Queryable, cmd: StaffCommand): Promise<StaffOutcome> {
  if (cmd.command === 'add') return setStaff(db, cmd.email, true);
  if (cmd.command === 'remove') return setStaff(db, cmd.email, false);
  const { rows } = await db.query<{ email: string }>(
    `SELECT email FROM auth.users WHERE raw_app_meta_data ->> 'role' = 'staff' ORDER BY email`,
  );
  if (rows.length === 0) return { ok: true, message: 'No staff accounts' };
  return { ok: true, message: rows.map((r) => r.email).join('\n') };
}

/** Whether the account still holds the staff role (a token may predate a revoke). */
export async function isStaffAccount(db: Queryable, userId: string): Promise<boolean> {
  const { rows } = await db.query<{ staff: boolean }>(
    `SELECT coalesce(raw_app_meta_data ->> 'role' = 'staff', false) AS staff
     FROM auth.users WHERE id = $1`,
    [userId],
  );
  return rows[0]?.staff === true;
}
