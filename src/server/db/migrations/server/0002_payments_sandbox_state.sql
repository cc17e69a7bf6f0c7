-- The payments sandbox's state, kept in the shop's database so that every instance on it sees the
-- same sessions whichever one serves the sandbox (docs/decisions/0017-payments-sandbox-state-in-the-database.md).
-- Times: `created` and `expires_at` are the sandbox clock's Unix seconds, as Stripe's API shows
-- them; delivery times are wall-clock Unix milliseconds. Server-private, like the sandbox keys.

-- A Checkout Session; `record` holds it whole (line items, payment intent, customer details).
CREATE TABLE keebshop.sandbox_sessions (
  id text PRIMARY KEY,
  status text NOT NULL CHECK (status IN ('open', 'complete', 'expired')),
  created bigint NOT NULL,
  expires_at bigint NOT NULL,
  payment_intent_id text UNIQUE,
  record jsonb NOT NULL
);
CREATE INDEX sandbox_sessions_open_by_expiry ON keebshop.sandbox_sessions (expires_at)
  WHERE status = 'open';
CREATE INDEX sandbox_sessions_by_created ON keebshop.sandbox_sessions (created);

-- Events in the order they happened (seq), each with its webhook delivery: the queue. An event has
-- a delivery when next_attempt_at is set; it is pending until delivered_at is. A sandbox claims a
-- due one by setting leased_until, so two instances never send one event at the same time.
CREATE TABLE keebshop.sandbox_events (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id text NOT NULL UNIQUE,
  session_id text NOT NULL REFERENCES keebshop.sandbox_sessions (id) ON DELETE CASCADE,
  type text NOT NULL,
  -- json, not jsonb: the payload is sent and listed with its keys in Stripe's order.
  event json NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at bigint,
  delivered_at bigint,
  last_error text,
  leased_until bigint NOT NULL DEFAULT 0
);
CREATE INDEX sandbox_events_by_session ON keebshop.sandbox_events (session_id);
CREATE INDEX sandbox_events_pending ON keebshop.sandbox_events (seq)
  WHERE next_attempt_at IS NOT NULL AND delivered_at IS NULL;

-- Idempotency-Key answers, kept for a day.
CREATE TABLE keebshop.sandbox_idempotency (
  id text PRIMARY KEY,
  record jsonb NOT NULL,
  created_at bigint NOT NULL
);
CREATE INDEX sandbox_idempotency_by_created ON keebshop.sandbox_idempotency (created_at);

REVOKE ALL ON TABLE keebshop.sandbox_sessions, keebshop.sandbox_events,
  keebshop.sandbox_idempotency FROM PUBLIC;
