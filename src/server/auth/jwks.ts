import type { Handler } from 'hono';
import type { AuthContext } from './context.ts';

/** GET /.well-known/jwks.json: the public ES256 keys (kid, alg, use), cached 10 minutes as GoTrue does. */
export function jwksHandler(ctx: AuthContext): Handler {
  return function jwks(c) {
    const keys = [...ctx.tokens.keys.publicKeys.values()].map(({ jwk }) => ({
      kty: jwk.kty,
      crv: jwk.crv,
      x: jwk.x,
      y: jwk.y,
      kid: jwk.kid,
      alg: jwk.alg,
      use: jwk.use,
      key_ops: ['verify'],
    }));
    c.header('Cache-Control', 'public, max-age=600');
    return c.json({ keys });
  };
}
