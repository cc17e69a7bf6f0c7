-- An order's total is what the payments provider charged (docs/decisions/0050-discount-codes-and-sales-tax.md):
-- its amount_total, the subtotal less the discount, plus tax added on top and shipping. The
-- provider computes it and the refunds are capped by it, so the rule that a total is its subtotal
-- plus shipping, true while there were no codes and no tax, goes. Orders recorded before keep
-- totals that are still their subtotal plus shipping; a refund still never exceeds the total
-- (shop_orders_refund_bounds).
ALTER TABLE public.shop_orders DROP CONSTRAINT shop_orders_total;
