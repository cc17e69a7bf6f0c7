-- The shop's outgoing mail, queued in the same transaction as what causes it (an order, a shipment,
-- a recovery request) and sent by a worker (src/server/mail/worker.ts). A row is due while neither
-- sent_at nor failed_at is set and next_attempt_at has passed; a worker claims it by setting
-- leased_until, so two instances never send one mail at the same time. Once sent, the bodies are
-- cleared: links in them sign a shopper in, and the database keeps only what was sent to whom.
CREATE TABLE keebshop.mail_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The Message-ID header, fixed at queueing: a retry after a crash sends the same message.
  message_id text NOT NULL UNIQUE,
  kind text NOT NULL,
  recipient text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  leased_until timestamptz,
  sent_at timestamptz,
  failed_at timestamptz,
  last_error text
);
CREATE INDEX mail_outbox_due ON keebshop.mail_outbox (next_attempt_at)
  WHERE sent_at IS NULL AND failed_at IS NULL;
CREATE INDEX mail_outbox_recipient ON keebshop.mail_outbox (recipient, created_at);
REVOKE ALL ON TABLE keebshop.mail_outbox FROM PUBLIC;
