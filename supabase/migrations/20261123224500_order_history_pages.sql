-- The order history in pages of whole orders. One order (a checkout) spans one row per line, so
-- paging the rows of public.orders would cut orders in two; PostgREST cannot group, so this
-- function picks the orders and returns all their rows. Like the rest of this directory, it
-- applies unchanged to a hosted Supabase project.

-- The signed-in shopper's newest orders placed before the cursor (none: the newest), at most 20 a
-- call whatever page_size asks, newest first, each with all its lines in line order. The cursor is
-- the last order of the previous page: its created_at and checkout_session_id, passed back as read
-- (all lines of an order share created_at: fulfilment writes them in one statement). Security
-- invoker: the orders policy applies as for a direct read.
CREATE FUNCTION public.order_history(
  page_size integer DEFAULT 10,
  before_created_at timestamptz DEFAULT NULL,
  before_session text DEFAULT NULL
)
  RETURNS SETOF public.orders
  LANGUAGE sql
  STABLE
  SECURITY INVOKER
  SET search_path = ''
  AS $$
    WITH page AS (
      SELECT o.checkout_session_id, max(o.created_at) AS placed
      FROM public.orders o
      WHERE o.user_id = (SELECT auth.uid())
      GROUP BY o.checkout_session_id
      HAVING order_history.before_created_at IS NULL
        OR max(o.created_at) < order_history.before_created_at
        OR (max(o.created_at) = order_history.before_created_at
          AND o.checkout_session_id < order_history.before_session)
      ORDER BY placed DESC, o.checkout_session_id DESC
      LIMIT least(greatest(coalesce(order_history.page_size, 10), 1), 20)
    )
    SELECT o.*
    FROM page p
    JOIN public.orders o
      ON o.checkout_session_id = p.checkout_session_id AND o.user_id = (SELECT auth.uid())
    ORDER BY p.placed DESC, p.checkout_session_id DESC, o.line_number;
  $$;

REVOKE ALL ON FUNCTION public.order_history(integer, timestamptz, text) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.order_history(integer, timestamptz, text) TO authenticated;
