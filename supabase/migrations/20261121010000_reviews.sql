-- Reviews from verified buyers, stored and shared (DESIGN decision 10). Like every file here, this
-- must apply unchanged to a hosted Supabase project: it relies only on auth.users(id), auth.uid(),
-- the roles anon and authenticated, and public.orders.

CREATE TABLE public.reviews (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE CASCADE,
  -- "category:id": ids overlap between the catalogues, keys do not.
  product_key text NOT NULL CHECK (product_key ~ '^(keyboards|switches|accessories):[0-9]{1,9}$'),
  -- What the policy matches against the shopper's orders (SPEC 4: permission follows the name).
  product_name text NOT NULL CHECK (char_length(product_name) BETWEEN 1 AND 200),
  -- Unconstrained numeric, so 4.55 is refused rather than silently rounded to 4.6. NaN compares
  -- greater than every number in Postgres, so "rating <= 5" refuses it too.
  rating numeric NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT reviews_rating_check CHECK (rating >= 1 AND rating <= 5 AND rating = round(rating, 1)),
  -- One review per shopper per product: rating again replaces it (see public.rate_product).
  CONSTRAINT reviews_one_per_shopper UNIQUE (user_id, product_key)
);

CREATE INDEX reviews_product_key_idx ON public.reviews (product_key);

ALTER TABLE public.reviews ENABLE ROW LEVEL SECURITY;

-- Supabase's default privileges grant everything on new tables to anon and authenticated: take it
-- all back. Signed-in shoppers read and write their own reviews only (the policies below); nobody
-- reads anybody else's row, so no author is ever revealed. Everyone reads public.product_ratings.
-- (Reading the own row includes user_id: an upsert's ON CONFLICT needs SELECT on its key columns.)
REVOKE ALL ON TABLE public.reviews FROM PUBLIC, anon, authenticated;
GRANT SELECT ON TABLE public.reviews TO authenticated;
GRANT INSERT (product_key, product_name, rating) ON TABLE public.reviews TO authenticated;
GRANT UPDATE (rating, updated_at) ON TABLE public.reviews TO authenticated;

CREATE POLICY "Shoppers read their own reviews"
  ON public.reviews
  FOR SELECT
  TO authenticated
  USING (user_id = (SELECT auth.uid()));

-- Verified buyers only: the shopper must have an order with this product's name. The order's
-- product_key must match as well, so a review cannot carry one product's name and another's key.
CREATE POLICY "Buyers review what they ordered"
  ON public.reviews
  FOR INSERT
  TO authenticated
  WITH CHECK (
    user_id = (SELECT auth.uid())
    AND EXISTS (
      SELECT 1
      FROM public.orders o
      WHERE o.user_id = (SELECT auth.uid())
        AND o.product_name = reviews.product_name
        AND o.product_key = reviews.product_key
    )
  );

CREATE POLICY "Buyers change their own reviews"
  ON public.reviews
  FOR UPDATE
  TO authenticated
  USING (user_id = (SELECT auth.uid()))
  WITH CHECK (
    user_id = (SELECT auth.uid())
    AND EXISTS (
      SELECT 1
      FROM public.orders o
      WHERE o.user_id = (SELECT auth.uid())
        AND o.product_name = reviews.product_name
        AND o.product_key = reviews.product_key
    )
  );

-- The ratings everyone may read: per product, how many and their sum (exact), never who wrote them.
-- Deliberately not security_invoker: it runs with its owner's rights so anon can see the totals of
-- rows it may not select, and it exposes no column that identifies a shopper.
CREATE VIEW public.product_ratings AS
  SELECT
    r.product_key,
    count(*)::integer AS rating_count,
    sum(r.rating) AS rating_sum,
    round(avg(r.rating), 2) AS average_rating
  FROM public.reviews r
  GROUP BY r.product_key;

REVOKE ALL ON TABLE public.product_ratings FROM PUBLIC, anon, authenticated;
GRANT SELECT ON TABLE public.product_ratings TO anon, authenticated;

-- Rates a product as the signed-in shopper: inserts their review or replaces their earlier rating
-- (one per product). Security invoker, so the table's policies decide exactly as for a direct
-- insert: a shopper without an order for the product gets 42501. Answers the product's new totals.
CREATE FUNCTION public.rate_product(product_key text, product_name text, rating numeric)
  RETURNS public.product_ratings
  LANGUAGE plpgsql
  SECURITY INVOKER
  SET search_path = ''
  AS $$
  DECLARE
    totals public.product_ratings;
  BEGIN
    IF auth.uid() IS NULL THEN
      RAISE EXCEPTION 'not signed in' USING ERRCODE = '42501';
    END IF;
    INSERT INTO public.reviews (product_key, product_name, rating)
      VALUES (rate_product.product_key, rate_product.product_name, rate_product.rating)
      ON CONFLICT ON CONSTRAINT reviews_one_per_shopper
      DO UPDATE SET rating = excluded.rating, updated_at = now();
    SELECT * INTO totals FROM public.product_ratings p WHERE p.product_key = rate_product.product_key;
    RETURN totals;
  END;
  $$;

REVOKE ALL ON FUNCTION public.rate_product(text, text, numeric) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.rate_product(text, text, numeric) TO authenticated;
