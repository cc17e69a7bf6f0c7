-- Orders as a business runs them (docs/product.md, Fulfilment): one row per paid checkout with a
-- number a person can read out, the shipping details, the totals and a status. public.orders keeps
-- one row per line, as the order history reads it, and now points at its order. Orders outlive
-- the account that placed them: the link to the account is cleared, the order stays.
-- Like the rest of this directory, it applies unchanged to a hosted Supabase project.

-- Staff: the role travels in the access token's app_metadata, as on Supabase, and the account must
-- still hold it, so a revoked role stops working at once rather than when the token expires.
-- Security definer: callers have no rights on auth.users.
CREATE FUNCTION public.is_staff()
  RETURNS boolean
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path = ''
  AS $$
    SELECT coalesce((SELECT auth.jwt()) -> 'app_metadata' ->> 'role' = 'staff', false)
      AND EXISTS (
        SELECT 1
        FROM auth.users u
        WHERE u.id = (SELECT auth.uid()) AND u.raw_app_meta_data ->> 'role' = 'staff'
      );
  $$;

REVOKE ALL ON FUNCTION public.is_staff() FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.is_staff() TO anon, authenticated;

CREATE SEQUENCE public.shop_order_number_seq START WITH 10001;

CREATE TABLE public.shop_orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_number text NOT NULL UNIQUE
    DEFAULT ('KS-' || nextval('public.shop_order_number_seq')::text),
  -- Fulfilment writes each paid checkout session's order once: the idempotency key.
  checkout_session_id text NOT NULL UNIQUE,
  -- Cleared when the account is deleted; the order stays (retention: docs/operations.md).
  user_id uuid REFERENCES auth.users (id) ON DELETE SET NULL,
  -- Whom to contact about the order: the checkout's email, else the account's at the time.
  email text,
  status text NOT NULL DEFAULT 'paid'
    CHECK (status IN ('paid', 'shipped', 'delivered', 'cancelled', 'refunded')),
  currency text NOT NULL DEFAULT 'usd',
  -- Integer cents. total = subtotal + shipping (no tax); refunded never exceeds total.
  subtotal_cents integer NOT NULL CHECK (subtotal_cents >= 0),
  shipping_cents integer NOT NULL DEFAULT 0 CHECK (shipping_cents >= 0),
  total_cents integer NOT NULL CHECK (total_cents >= 0),
  refunded_cents integer NOT NULL DEFAULT 0,
  -- The chosen shipping rate: its display name ("Standard") and the provider's id (shr_...).
  shipping_method text,
  shipping_rate text,
  -- Stripe's shipping_details: the name, and the address as Stripe's Address object
  -- {line1, line2, city, state, postal_code, country}. Both null for orders placed before
  -- checkout asked for an address, and once erased under the retention rule.
  shipping_name text,
  shipping_address jsonb,
  -- The provider's payment intent (pi_...): what refunds go through.
  payment_intent text,
  carrier text,
  tracking_number text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  shipped_at timestamptz,
  delivered_at timestamptz,
  cancelled_at timestamptz,
  address_erased_at timestamptz,
  CONSTRAINT shop_orders_refund_bounds CHECK (refunded_cents BETWEEN 0 AND total_cents),
  CONSTRAINT shop_orders_total CHECK (total_cents = subtotal_cents + shipping_cents)
);

CREATE INDEX shop_orders_user_id_created_at_idx ON public.shop_orders (user_id, created_at DESC);
CREATE INDEX shop_orders_created_at_idx ON public.shop_orders (created_at DESC);
CREATE INDEX shop_orders_status_created_at_idx ON public.shop_orders (status, created_at DESC);
CREATE INDEX shop_orders_email_idx ON public.shop_orders (lower(email));

-- Each refund the provider made, recorded once by its id whether the staff action or the
-- provider's charge.refunded event arrives first. shop_orders.refunded_cents is their sum.
CREATE TABLE public.shop_order_refunds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES public.shop_orders (id),
  provider_refund_id text NOT NULL UNIQUE,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX shop_order_refunds_order_id_idx ON public.shop_order_refunds (order_id);

-- Every staff action: who, when, what, and the order before and after. Kept when the staff
-- account goes, so no foreign key on staff_id.
CREATE TABLE public.staff_audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  staff_id uuid,
  staff_email text,
  action text NOT NULL,
  order_id bigint REFERENCES public.shop_orders (id),
  before jsonb,
  after jsonb
);

CREATE INDEX staff_audit_log_order_id_idx ON public.staff_audit_log (order_id, at);
CREATE INDEX staff_audit_log_at_idx ON public.staff_audit_log (at DESC);

-- The lines: each points at its order, and outlives the account like it.
ALTER TABLE public.orders ADD COLUMN order_id bigint REFERENCES public.shop_orders (id);
ALTER TABLE public.orders ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE public.orders DROP CONSTRAINT orders_user_id_fkey;
ALTER TABLE public.orders
  ADD CONSTRAINT orders_user_id_fkey
  FOREIGN KEY (user_id) REFERENCES auth.users (id) ON DELETE SET NULL;

-- Orders placed before this migration: one order per checkout session, numbered in the order
-- they were placed, with no shipping details (none were asked for) and nothing refunded.
INSERT INTO public.shop_orders
  (checkout_session_id, user_id, email, subtotal_cents, total_cents, created_at, updated_at)
SELECT
  o.checkout_session_id,
  (array_agg(o.user_id))[1],
  (array_agg(u.email))[1],
  sum(round(o.price * 100)::integer * o.quantity)::integer,
  sum(round(o.price * 100)::integer * o.quantity)::integer,
  min(o.created_at),
  min(o.created_at)
FROM public.orders o
LEFT JOIN auth.users u ON u.id = o.user_id
GROUP BY o.checkout_session_id
ORDER BY min(o.created_at), o.checkout_session_id;

UPDATE public.orders o
SET order_id = s.id
FROM public.shop_orders s
WHERE s.checkout_session_id = o.checkout_session_id;

ALTER TABLE public.orders ALTER COLUMN order_id SET NOT NULL;

-- A line written without its order (a writer that predates orders, such as a data import) gets
-- one: the order of its checkout session, created on its first line, its totals the sum of its
-- lines and no shipping. Fulfilment writes the order first and names it, so this does nothing.
CREATE FUNCTION public.link_order_line()
  RETURNS trigger
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path = ''
  AS $$
  DECLARE
    line_cents integer := round(NEW.price * 100)::integer * NEW.quantity;
  BEGIN
    IF NEW.order_id IS NOT NULL THEN
      RETURN NEW;
    END IF;
    INSERT INTO public.shop_orders
      (checkout_session_id, user_id, email, subtotal_cents, total_cents, created_at, updated_at)
    VALUES (
      NEW.checkout_session_id, NEW.user_id,
      (SELECT u.email FROM auth.users u WHERE u.id = NEW.user_id),
      line_cents, line_cents, NEW.created_at, NEW.created_at
    )
    ON CONFLICT (checkout_session_id) DO UPDATE
      SET subtotal_cents = public.shop_orders.subtotal_cents + line_cents,
        total_cents = public.shop_orders.total_cents + line_cents
    RETURNING id INTO NEW.order_id;
    RETURN NEW;
  END;
  $$;

REVOKE ALL ON FUNCTION public.link_order_line() FROM PUBLIC, anon, authenticated;

CREATE TRIGGER orders_link_order
  BEFORE INSERT ON public.orders
  FOR EACH ROW
  EXECUTE FUNCTION public.link_order_line();
CREATE INDEX orders_order_id_idx ON public.orders (order_id);

-- Reading: a shopper reads their own orders and refunds; staff read everything. Nobody writes
-- through the data API: the server records orders and staff act through the functions.
ALTER TABLE public.shop_orders ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.shop_order_refunds ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.staff_audit_log ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.shop_orders, public.shop_order_refunds, public.staff_audit_log
  FROM PUBLIC, anon, authenticated;
REVOKE ALL ON SEQUENCE public.shop_order_number_seq FROM PUBLIC, anon, authenticated;
GRANT SELECT ON TABLE public.shop_orders, public.shop_order_refunds, public.staff_audit_log
  TO authenticated;

CREATE POLICY "Shoppers read their own orders"
  ON public.shop_orders
  FOR SELECT
  TO authenticated
  USING (user_id = (SELECT auth.uid()));

CREATE POLICY "Staff read all orders"
  ON public.shop_orders
  FOR SELECT
  TO authenticated
  USING ((SELECT public.is_staff()));

CREATE POLICY "Shoppers read the refunds of their orders"
  ON public.shop_order_refunds
  FOR SELECT
  TO authenticated
  USING (
    EXISTS (
      SELECT 1
      FROM public.shop_orders s
      WHERE s.id = shop_order_refunds.order_id AND s.user_id = (SELECT auth.uid())
    )
  );

CREATE POLICY "Staff read all refunds"
  ON public.shop_order_refunds
  FOR SELECT
  TO authenticated
  USING ((SELECT public.is_staff()));

CREATE POLICY "Staff read the audit log"
  ON public.staff_audit_log
  FOR SELECT
  TO authenticated
  USING ((SELECT public.is_staff()));

CREATE POLICY "Staff read all order lines"
  ON public.orders
  FOR SELECT
  TO authenticated
  USING ((SELECT public.is_staff()));
