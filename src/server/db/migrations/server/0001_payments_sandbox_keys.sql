-- The payments sandbox's test keys (sk_test_..., whsec_...), generated on the first start and kept
-- here so restarts and every instance on this database agree on them. Server-private: the keebshop
-- schema is closed to the anon and authenticated roles. Never used with real Stripe keys.
CREATE TABLE keebshop.payments_sandbox_keys (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  secret_key text NOT NULL CHECK (secret_key LIKE 'sk\_test\_%'),
  webhook_secret text NOT NULL CHECK (webhook_secret LIKE 'whsec\_%'),
  created_at timestamptz NOT NULL DEFAULT now()
);

REVOKE ALL ON TABLE keebshop.payments_sandbox_keys FROM PUBLIC;
