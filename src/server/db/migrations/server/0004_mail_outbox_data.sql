-- Order mails are queued as their kind and the data they are rendered from, and rendered when the
-- worker sends them (src/server/mail/order-mail-render.ts), not inside the transaction that records
-- the order. Their bodies stay NULL until then; rows queued before this migration, and the auth
-- mails, keep their rendered bodies and no data, and are sent as they are. The subject is still
-- stored at queueing: after sending, the outbox keeps what was sent to whom, and the data is
-- dropped with the bodies.
ALTER TABLE keebshop.mail_outbox
  ADD COLUMN data jsonb,
  ALTER COLUMN text_body DROP NOT NULL,
  ALTER COLUMN html_body DROP NOT NULL,
  ADD CONSTRAINT mail_outbox_bodies_or_data
    CHECK (data IS NOT NULL OR (text_body IS NOT NULL AND html_body IS NOT NULL));
