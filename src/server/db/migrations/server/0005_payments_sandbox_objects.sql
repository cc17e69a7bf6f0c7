-- The payments sandbox's coupons, promotion codes and tax rates
-- (docs/decisions/0050-discount-codes-and-sales-tax.md): the shop's codes and rates live at the
-- provider, and with the sandbox as provider they live here, shared by every instance like its
-- sessions. `record` holds one whole; `revision` is what a change compare-and-sets on (a
-- redemption, a code paused), so two instances cannot both take a code's last redemption.
-- Server-private, like the rest of the sandbox's state.
CREATE TABLE keebshop.sandbox_objects (
  id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('coupon', 'promotion_code', 'tax_rate')),
  -- The sandbox clock's Unix seconds, as the API shows it.
  created bigint NOT NULL,
  revision integer NOT NULL,
  -- The order stored: lists are newest first, and objects of one second keep one order.
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  record jsonb NOT NULL
);
CREATE INDEX sandbox_objects_by_kind ON keebshop.sandbox_objects (kind, created, seq);

-- One active promotion code per text, ignoring case: the text a shopper types names one code.
-- An insert or change that would make a second one is refused (the store answers false).
CREATE UNIQUE INDEX sandbox_objects_one_active_code
  ON keebshop.sandbox_objects (lower(record ->> 'code'))
  WHERE kind = 'promotion_code' AND (record ->> 'active')::boolean;

REVOKE ALL ON TABLE keebshop.sandbox_objects FROM PUBLIC;
