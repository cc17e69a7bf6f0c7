-- The shop's public schema. This file must also apply unchanged to a hosted Supabase project, so it
-- relies only on what Supabase provides: auth.users(id), auth.uid(), and the roles anon and authenticated.

CREATE TABLE public.orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  product_name text NOT NULL,
  selected_color text NOT NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  -- Dollars, as the spec's order row has them; the server computes it from integer cents.
  price numeric(10, 2) NOT NULL CHECK (price >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Fulfilment writes each paid checkout session's lines once: the pair is the idempotency key.
  checkout_session_id text NOT NULL,
  line_number integer NOT NULL CHECK (line_number >= 0),
  -- "category:id" of the catalogue product, for the order history's thumbnails.
  product_key text NOT NULL,
  CONSTRAINT orders_checkout_line_key UNIQUE (checkout_session_id, line_number)
);

CREATE INDEX orders_user_id_created_at_idx ON public.orders (user_id, created_at DESC);

ALTER TABLE public.orders ENABLE ROW LEVEL SECURITY;

-- Supabase's default privileges grant everything on new tables to anon and authenticated: take it
-- all back, then give signed-in users reading only. Orders are written by the server, never by clients.
REVOKE ALL ON TABLE public.orders FROM PUBLIC, anon, authenticated;
GRANT SELECT ON TABLE public.orders TO authenticated;

CREATE POLICY "Users read their own orders"
  ON public.orders
  FOR SELECT
  TO authenticated
  USING (user_id = (SELECT auth.uid()));

-- Deletes the caller's account. Their orders go with it (orders.user_id cascades on delete), as do
-- their sessions and refresh tokens. Security definer: callers have no rights on auth.users.
CREATE FUNCTION public.delete_user()
  RETURNS void
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path = ''
  AS $$
  BEGIN
    IF auth.uid() IS NULL THEN
      RAISE EXCEPTION 'not signed in' USING ERRCODE = '42501';
    END IF;
    DELETE FROM auth.users WHERE id = auth.uid();
  END;
  $$;

REVOKE ALL ON FUNCTION public.delete_user() FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.delete_user() TO authenticated;
