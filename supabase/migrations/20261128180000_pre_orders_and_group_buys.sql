-- Pre-orders and group buys (docs/decisions/0051-pre-orders-and-group-buys.md): a product sold
-- before it exists. No row: the product is in stock and sold from public.stock as before.
-- A pre-order has an estimated ship window and may cap the units sold; a group buy also runs from
-- starts_at to ends_at and goes into production only if its minimum (moq) is reached.
CREATE TABLE public.product_availability (
  product_key text PRIMARY KEY REFERENCES public.products (key) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('pre_order', 'group_buy')),
  -- The estimated ship window, as the product page and the order say it.
  ships_from date NOT NULL,
  ships_by date NOT NULL,
  -- The most units ever sold (paid and held at checkout); none: no limit.
  cap integer CHECK (cap BETWEEN 1 AND 1000000),
  starts_at timestamptz,
  ends_at timestamptz,
  moq integer CHECK (moq BETWEEN 1 AND 1000000),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ships_by >= ships_from),
  CHECK (
    (kind = 'pre_order' AND starts_at IS NULL AND ends_at IS NULL AND moq IS NULL)
    OR (kind = 'group_buy' AND starts_at IS NOT NULL AND ends_at > starts_at AND moq IS NOT NULL
        AND (cap IS NULL OR cap >= moq) AND ships_from >= ends_at::date)
  )
);

CREATE TRIGGER product_availability_touch
  BEFORE UPDATE ON public.product_availability
  FOR EACH ROW EXECUTE FUNCTION public.touch_product();
CREATE TRIGGER product_availability_catalogue_changed
  AFTER INSERT OR UPDATE OR DELETE ON public.product_availability
  FOR EACH STATEMENT EXECUTE FUNCTION public.catalogue_changed();

ALTER TABLE public.product_availability ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE public.product_availability FROM PUBLIC, anon, authenticated;
GRANT SELECT ON TABLE public.product_availability TO anon, authenticated;
GRANT INSERT, UPDATE, DELETE ON TABLE public.product_availability TO authenticated;

CREATE POLICY "Anyone reads the availability of published products"
  ON public.product_availability
  FOR SELECT
  TO anon, authenticated
  USING (EXISTS (
    SELECT 1 FROM public.products p WHERE p.key = product_key AND p.status = 'published'
  ));

CREATE POLICY "Staff read every availability"
  ON public.product_availability
  FOR SELECT
  TO authenticated
  USING ((SELECT public.is_staff()));

CREATE POLICY "Staff add availabilities"
  ON public.product_availability
  FOR INSERT
  TO authenticated
  WITH CHECK ((SELECT public.is_staff()));

CREATE POLICY "Staff change availabilities"
  ON public.product_availability
  FOR UPDATE
  TO authenticated
  USING ((SELECT public.is_staff()))
  WITH CHECK ((SELECT public.is_staff()));

CREATE POLICY "Staff remove availabilities"
  ON public.product_availability
  FOR DELETE
  TO authenticated
  USING ((SELECT public.is_staff()));

-- What the storefront reads in one request: each published pre-order or group buy with its
-- progress, units paid for (orders not cancelled or refunded) and units held by open checkouts,
-- nothing about who. Runs with its owner's rights, as public.stock_availability does, so anon
-- needs no right on orders.
CREATE VIEW public.availability_progress AS
  SELECT
    a.product_key, a.kind, a.ships_from, a.ships_by, a.cap, a.starts_at, a.ends_at, a.moq,
    coalesce((
      SELECT sum(o.quantity)
      FROM public.orders o
      JOIN public.shop_orders s ON s.id = o.order_id
      WHERE o.product_key = a.product_key AND s.status NOT IN ('cancelled', 'refunded')
    ), 0)::integer AS units_paid,
    coalesce((
      SELECT sum(h.quantity)
      FROM public.stock_holds h
      WHERE h.product_key = a.product_key AND h.state = 'held'
    ), 0)::integer AS units_held
  FROM public.product_availability a
  JOIN public.products p ON p.key = a.product_key
  WHERE p.status = 'published';

REVOKE ALL ON TABLE public.availability_progress FROM PUBLIC, anon, authenticated;
GRANT SELECT ON TABLE public.availability_progress TO anon, authenticated;

-- The order remembers what it waits for: each pre-order or group-buy line's window as it was
-- sold ([{productKey, name, kind, shipsFrom, shipsBy, endsAt}]), empty for an in-stock order.
ALTER TABLE public.shop_orders
  ADD COLUMN waits_for jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(waits_for) = 'array');

-- The demo catalogue a new shop starts with shows one pre-order and one open group buy: two demo
-- products no order has ever named. A shop that has sold them, or renamed them, keeps them as
-- they are.
INSERT INTO public.product_availability (product_key, kind, ships_from, ships_by, cap)
  SELECT p.key, 'pre_order', (now() + interval '6 weeks')::date, (now() + interval '9 weeks')::date, 200
  FROM public.products p
  WHERE p.key = 'accessories:213' AND p.name = 'Keyboard Stand'
    AND NOT EXISTS (SELECT 1 FROM public.orders o WHERE o.product_key = p.key);

INSERT INTO public.product_availability
    (product_key, kind, ships_from, ships_by, cap, starts_at, ends_at, moq)
  SELECT p.key, 'group_buy', (now() + interval '16 weeks')::date, (now() + interval '20 weeks')::date,
    150, now(), now() + interval '21 days', 30
  FROM public.products p
  WHERE p.key = 'keyboards:115' AND p.name = 'Ergonomic Gaming Keyboard'
    AND NOT EXISTS (SELECT 1 FROM public.orders o WHERE o.product_key = p.key);
