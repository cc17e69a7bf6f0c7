-- Order numbers without gaps (docs/product.md, Order status): consecutive orders get consecutive
-- numbers. The sequence behind KS-10001... skipped numbers: nextval() runs for every insert, also
-- for one that then meets its conflict (the success page and the webhook recording the same paid
-- session, each further line of a legacy order) or rolls back (a crash, a retry), and a sequence
-- never gives a number back. A one-row counter does: it is updated in the order's transaction, so
-- a rollback returns its number, and the lock on it makes the next order wait for this one.
-- Existing numbers stay; the next order follows the highest one.

CREATE TABLE public.shop_order_numbers (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  last_number bigint NOT NULL
);

INSERT INTO public.shop_order_numbers (last_number)
  SELECT coalesce(max(substring(order_number FROM '^KS-([0-9]+)$')::bigint), 10000)
  FROM public.shop_orders;

ALTER TABLE public.shop_order_numbers ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE public.shop_order_numbers FROM PUBLIC, anon, authenticated;

-- Numbers a new order. The counter's row is locked first, so of two transactions recording the
-- same session the second waits for the first to commit and then sees its order: that insert will
-- meet its conflict, so it takes no number (the placeholder is never stored).
CREATE FUNCTION public.number_shop_order()
  RETURNS trigger
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path = ''
  AS $$
  DECLARE
    next_number bigint;
  BEGIN
    IF NEW.order_number IS NOT NULL THEN
      RETURN NEW;
    END IF;
    SELECT n.last_number + 1 INTO next_number FROM public.shop_order_numbers n FOR UPDATE;
    IF EXISTS (
      SELECT 1 FROM public.shop_orders o WHERE o.checkout_session_id = NEW.checkout_session_id
    ) THEN
      NEW.order_number := 'KS-unnumbered-' || NEW.checkout_session_id;
      RETURN NEW;
    END IF;
    UPDATE public.shop_order_numbers SET last_number = next_number;
    NEW.order_number := 'KS-' || next_number::text;
    RETURN NEW;
  END;
  $$;

REVOKE ALL ON FUNCTION public.number_shop_order() FROM PUBLIC, anon, authenticated;

ALTER TABLE public.shop_orders ALTER COLUMN order_number DROP DEFAULT;

CREATE TRIGGER shop_orders_number
  BEFORE INSERT ON public.shop_orders
  FOR EACH ROW
  EXECUTE FUNCTION public.number_shop_order();

DROP SEQUENCE public.shop_order_number_seq;
