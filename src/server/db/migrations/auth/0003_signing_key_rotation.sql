-- Signing-key rotation (npm run keys:rotate): a retired key stops signing but keeps verifying the
-- tokens it signed until they expire; `npm run keys:prune` deletes it once that time has passed.
ALTER TABLE auth.signing_keys ADD COLUMN retired_at timestamptz;
