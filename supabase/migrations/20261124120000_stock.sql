-- Stock per product and colour (docs/decisions/0025-stock-holds.md). on_hand is what the shop has;
-- a checkout holds the units of its lines until its Checkout Session is paid (the hold is taken:
-- on_hand goes down), expires or fails (the hold is released). What a shopper can still buy is
-- on_hand minus the units held. The server seeds a row for every catalogue product and colour at
-- start (INSERT ... ON CONFLICT DO NOTHING), so staff edits are never overwritten.

CREATE TABLE public.stock (
  product_key text NOT NULL,
  color text NOT NULL,
  on_hand integer NOT NULL CHECK (on_hand >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (product_key, color)
);

-- One row per checkout line held. hold_ref names the checkout's holds before the provider gave its
-- session an id; checkout_session_id is set once it has. state: held (counts against available),
-- taken (paid: on_hand went down, once), released (expired, failed or returned: counts no more).
CREATE TABLE public.stock_holds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  hold_ref uuid NOT NULL,
  checkout_session_id text,
  line_number integer NOT NULL CHECK (line_number >= 0),
  product_key text NOT NULL,
  color text NOT NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  expires_at timestamptz NOT NULL,
  state text NOT NULL DEFAULT 'held' CHECK (state IN ('held', 'taken', 'released')),
  order_id bigint REFERENCES public.shop_orders (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (hold_ref, line_number),
  FOREIGN KEY (product_key, color) REFERENCES public.stock (product_key, color)
);

CREATE INDEX stock_holds_session_idx ON public.stock_holds (checkout_session_id);
CREATE INDEX stock_holds_held_idx ON public.stock_holds (product_key, color) WHERE state = 'held';
CREATE INDEX stock_holds_expiry_idx ON public.stock_holds (expires_at) WHERE state = 'held';
CREATE INDEX stock_holds_order_idx ON public.stock_holds (order_id);

-- A back-office cancel returns an order's units once: the order's row here says it has.
CREATE TABLE public.stock_returns (
  order_id bigint PRIMARY KEY REFERENCES public.shop_orders (id),
  returned_at timestamptz NOT NULL DEFAULT now()
);

-- What anyone may see: how many units of each product and colour can still be bought, nothing
-- else. Deliberately not security_invoker: it runs with its owner's rights, so anon reads it
-- without any right on the tables.
CREATE VIEW public.stock_availability AS
  SELECT
    s.product_key,
    s.color,
    greatest(
      s.on_hand - coalesce(
        (SELECT sum(h.quantity) FROM public.stock_holds h
         WHERE h.product_key = s.product_key AND h.color = s.color AND h.state = 'held'),
        0
      ),
      0
    )::integer AS available
  FROM public.stock s;

ALTER TABLE public.stock ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.stock_holds ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.stock_returns ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.stock, public.stock_holds, public.stock_returns
  FROM PUBLIC, anon, authenticated;
REVOKE ALL ON TABLE public.stock_availability FROM PUBLIC, anon, authenticated;
GRANT SELECT ON TABLE public.stock_availability TO anon, authenticated;
GRANT SELECT ON TABLE public.stock, public.stock_holds TO authenticated;

CREATE POLICY "Staff read stock"
  ON public.stock
  FOR SELECT
  TO authenticated
  USING ((SELECT public.is_staff()));

CREATE POLICY "Staff read stock holds"
  ON public.stock_holds
  FOR SELECT
  TO authenticated
  USING ((SELECT public.is_staff()));
