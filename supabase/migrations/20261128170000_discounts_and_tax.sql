-- Discount codes and sales tax on orders (docs/decisions/0050-discount-codes-and-sales-tax.md).
-- The codes and the tax rates themselves live at the payments provider; an order records what
-- the provider charged. Orders recorded before this keep no code and zero tax: their totals are
-- unchanged.

ALTER TABLE public.shop_orders
  -- The promotion code the shopper typed ("SPRING-20"), as the provider knows it.
  ADD COLUMN discount_code text,
  -- total_details.amount_discount: what the code took off the lines.
  ADD COLUMN discount_cents integer NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
  -- total_details.amount_tax: the tax on the lines and, when taxable, on shipping.
  ADD COLUMN tax_cents integer NOT NULL DEFAULT 0 CHECK (tax_cents >= 0),
  -- Whether that tax was inside the listed prices (VAT) rather than added on top (US sales tax).
  ADD COLUMN tax_inclusive boolean NOT NULL DEFAULT false,
  -- The rates' names as the shopper saw them ("CA sales tax 7.25%").
  ADD COLUMN tax_label text;

-- The back office's revenue per code.
CREATE INDEX shop_orders_by_discount_code ON public.shop_orders (upper(discount_code))
  WHERE discount_code IS NOT NULL;

-- The shop's own settings: one row, read and changed by staff through the data API.
CREATE TABLE public.shop_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  -- Whether tax rates apply to shipping too (the shipping option's tax code at checkout).
  shipping_taxable boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO public.shop_settings DEFAULT VALUES;

ALTER TABLE public.shop_settings ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE public.shop_settings FROM PUBLIC, anon, authenticated;
GRANT SELECT, UPDATE (shipping_taxable, updated_at) ON TABLE public.shop_settings TO authenticated;

CREATE POLICY "Staff read the shop's settings"
  ON public.shop_settings
  FOR SELECT
  TO authenticated
  USING ((SELECT public.is_staff()));

CREATE POLICY "Staff change the shop's settings"
  ON public.shop_settings
  FOR UPDATE
  TO authenticated
  USING ((SELECT public.is_staff()))
  WITH CHECK ((SELECT public.is_staff()));
