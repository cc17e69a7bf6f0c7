-- Whose checkout a stock hold belongs to (docs/decisions/0044-one-open-checkout.md): a shopper
-- holds at most one open checkout, so a new checkout, or cancelling on the payment page, first
-- ends the shopper's earlier one and frees its units at once instead of after the hold's 30
-- minutes. Holds made before this migration name nobody and lapse as before.

ALTER TABLE public.stock_holds
  ADD COLUMN user_id uuid REFERENCES auth.users (id) ON DELETE SET NULL;

CREATE INDEX stock_holds_user_held_idx ON public.stock_holds (user_id) WHERE state = 'held';
