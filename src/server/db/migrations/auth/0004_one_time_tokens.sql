-- Mailed one-time tokens (docs/decisions/0030-auth-mail-flows.md): a recovery or confirmation link,
-- an email-change link, a reauthentication code. Only a SHA-256 of each token is stored, so a copy
-- of this table cannot be used to sign in. One token per user and type: a new one replaces the
-- old. Using a token deletes its row (DELETE ... RETURNING), so two uses cannot both succeed; it
-- expires AUTH_MAIL_TOKEN_TTL seconds after created_at.
CREATE TABLE auth.one_time_tokens (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  token_type text NOT NULL CHECK (
    token_type IN ('recovery', 'confirmation', 'email_change_new', 'reauthentication')
  ),
  token_hash text NOT NULL UNIQUE,
  -- The address the token was mailed to.
  relates_to text NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (user_id, token_type)
);
CREATE INDEX one_time_tokens_created_at_idx ON auth.one_time_tokens (created_at);

-- When each kind of mail last went to an address (a SHA-256 of kind and address, so the table
-- holds no addresses), whether or not it has an account: at most one per AUTH_MAIL_SEND_INTERVAL,
-- answered alike for known and unknown addresses.
CREATE TABLE auth.mail_sends (
  bucket text PRIMARY KEY,
  sent_at timestamptz NOT NULL
);
CREATE INDEX mail_sends_sent_at_idx ON auth.mail_sends (sent_at);

-- GoTrue's columns for what the user JSON shows: when each mail was last sent, and the address an
-- email change waits to be confirmed for (shown as new_email).
ALTER TABLE auth.users
  ADD COLUMN confirmation_sent_at timestamptz,
  ADD COLUMN recovery_sent_at timestamptz,
  ADD COLUMN email_change text NOT NULL DEFAULT '',
  ADD COLUMN email_change_sent_at timestamptz,
  ADD COLUMN reauthentication_sent_at timestamptz;

REVOKE ALL ON TABLE auth.one_time_tokens, auth.mail_sends FROM PUBLIC, anon, authenticated;
