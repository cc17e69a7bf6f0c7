-- This service's own account tables. Column names follow Supabase's auth schema where they overlap,
-- so SQL written against Supabase (auth.users(id), auth.uid()) works here unchanged.
CREATE TABLE auth.users (
  id uuid PRIMARY KEY,
  aud text NOT NULL DEFAULT 'authenticated',
  role text NOT NULL DEFAULT 'authenticated',
  email text NOT NULL,
  encrypted_password text NOT NULL,
  email_confirmed_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb NOT NULL DEFAULT '{"provider":"email","providers":["email"]}',
  raw_user_meta_data jsonb NOT NULL DEFAULT '{}',
  is_anonymous boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
-- Emails are stored lower-cased; the index makes "already registered" a constraint, not a race.
CREATE UNIQUE INDEX users_email_key ON auth.users (email);

CREATE TABLE auth.identities (
  id uuid PRIMARY KEY,
  provider_id text NOT NULL,
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  identity_data jsonb NOT NULL,
  provider text NOT NULL,
  last_sign_in_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (provider_id, provider)
);
CREATE INDEX identities_user_id_idx ON auth.identities (user_id);

CREATE TABLE auth.sessions (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  aal text NOT NULL DEFAULT 'aal1',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  refreshed_at timestamptz
);
CREATE INDEX sessions_user_id_idx ON auth.sessions (user_id);

-- Only a hash of each refresh token is stored: a copy of this table cannot be used to sign in.
CREATE TABLE auth.refresh_tokens (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  session_id uuid NOT NULL REFERENCES auth.sessions (id) ON DELETE CASCADE,
  parent_id bigint,
  revoked boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX refresh_tokens_session_id_idx ON auth.refresh_tokens (session_id);

-- ES256 signing keys. At most one is active (signs); every stored key still verifies.
CREATE TABLE auth.signing_keys (
  kid text PRIMARY KEY,
  private_jwk jsonb NOT NULL,
  public_jwk jsonb NOT NULL,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX signing_keys_one_active ON auth.signing_keys (active) WHERE active;

-- API keys handed to browsers (the publishable "anon" key), generated on first start.
CREATE TABLE auth.api_keys (
  name text PRIMARY KEY,
  key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Fixed-window counters for rate limits, shared by every instance on this database.
CREATE TABLE auth.rate_limits (
  bucket text NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL,
  PRIMARY KEY (bucket, window_start)
);
CREATE INDEX rate_limits_window_start_idx ON auth.rate_limits (window_start);

-- None of these tables is for clients: the data API's roles get nothing here.
REVOKE ALL ON ALL TABLES IN SCHEMA auth FROM PUBLIC, anon, authenticated;
