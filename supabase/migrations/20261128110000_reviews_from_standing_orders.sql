-- Only an order that stands grants a review (docs/product.md, Reviews): one that was paid and is
-- neither cancelled nor refunded in full. Until now any order line of the product did, so a
-- shopper who cancelled, or got all their money back, could still rate what they never kept.
-- The rule is one function, used by both policies and callable by the storefront, so the page
-- offers the rating form exactly when the database would take the rating. Reviews already
-- stored stay; one whose order no longer stands can no longer be changed.

CREATE FUNCTION public.may_review(product_key text, product_name text)
  RETURNS boolean
  LANGUAGE sql
  STABLE
  SECURITY INVOKER
  SET search_path = ''
  AS $$
    SELECT EXISTS (
      SELECT 1
      FROM public.orders o
      JOIN public.shop_orders s ON s.id = o.order_id
      WHERE o.user_id = (SELECT auth.uid())
        AND o.product_name = may_review.product_name
        AND o.product_key = may_review.product_key
        AND s.status IN ('paid', 'shipped', 'delivered')
        AND s.refunded_cents < s.total_cents
    );
  $$;

REVOKE ALL ON FUNCTION public.may_review(text, text) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.may_review(text, text) TO authenticated;

DROP POLICY "Buyers review what they ordered" ON public.reviews;
CREATE POLICY "Buyers review what they ordered"
  ON public.reviews
  FOR INSERT
  TO authenticated
  WITH CHECK (
    user_id = (SELECT auth.uid())
    AND public.may_review(reviews.product_key, reviews.product_name)
  );

DROP POLICY "Buyers change their own reviews" ON public.reviews;
CREATE POLICY "Buyers change their own reviews"
  ON public.reviews
  FOR UPDATE
  TO authenticated
  USING (user_id = (SELECT auth.uid()))
  WITH CHECK (
    user_id = (SELECT auth.uid())
    AND public.may_review(reviews.product_key, reviews.product_name)
  );
