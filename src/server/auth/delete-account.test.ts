import { describe, expect, it } from 'vitest';
import { databaseTargets, serverFixture, signUpAndIn } from '../test-support/index.ts';

describe.each(databaseTargets())('deleting an account on $name', (target) => {
  const fx = serverFixture(target);

  it('rpc delete_user, then signOut: the account, its sessions and orders are gone', async () => {
    const { client, session } = await signUpAndIn(fx.server, 'leaving@example.com');
    const { access_token: token, user } = session;
    await fx.db.query(
      `INSERT INTO public.orders (user_id, product_name, selected_color, quantity, price,
         checkout_session_id, line_number, product_key)
       VALUES ($1, 'Blue Switch', 'Blue', 2, 0.5, 'cs_test_leaving', 0, 'switches:201')`,
      [user.id],
    );

    const rpc = await fx.server.restClient(token).rpc('delete_user');
    expect(rpc.error).toBeNull();

    // The shop then signs out: the server's 401 for the dead session is ignored and the local
    // session is cleared, as the "Account deleted." flow of docs/product.md needs.
    expect((await client.signOut()).error).toBeNull();
    expect((await client.getSession()).data.session).toBeNull();

    const left = await fx.db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM auth.users WHERE id = $1)
            + (SELECT count(*) FROM auth.sessions WHERE user_id = $1)
            + (SELECT count(*) FROM auth.identities WHERE user_id = $1)
            + (SELECT count(*) FROM public.orders WHERE user_id = $1) AS n`,
      [user.id],
    );
    expect(Number(left.rows[0]!.n)).toBe(0);
    const again = await fx.server
      .authClient()
      .signInWithPassword({ email: 'leaving@example.com', password: 'password-1' });
    expect(again.error?.message).toBe('Invalid login credentials');
    // The email is free again.
    const reuse = await fx.server
      .authClient()
      .signUp({ email: 'leaving@example.com', password: 'password-2' });
    expect(reuse.error).toBeNull();
  });

  it('is a security definer function with a fixed search_path, executable by authenticated only', async () => {
    const { rows } = await fx.db.query<{
      definer: boolean;
      config: string[];
      anon: boolean;
      auth: boolean;
    }>(
      `SELECT p.prosecdef AS definer, p.proconfig AS config,
              has_function_privilege('anon', p.oid, 'EXECUTE') AS anon,
              has_function_privilege('authenticated', p.oid, 'EXECUTE') AS auth
       FROM pg_proc p WHERE p.oid = 'public.delete_user()'::regprocedure`,
    );
    expect(rows[0]).toEqual({ definer: true, config: ['search_path=""'], anon: false, auth: true });
  });
});
