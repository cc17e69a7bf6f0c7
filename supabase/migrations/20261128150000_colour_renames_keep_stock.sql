-- Renaming a colour keeps its stock (docs/product.md, Products in the back office). The editor
-- sends a product's colours with their SKUs; save_product matched them by name only, so a colour
-- renamed with its SKU kept was removed and added again: the new name started at 0 units and the
-- old name's units were left behind on a row nothing sells. Now a listed colour whose SKU is one
-- of the product's variants under another name renames that variant, and its stock row and the
-- units held for open checkouts follow it. Orders keep the name they were paid under.

-- Holds name their stock row; a renamed row takes its holds with it.
ALTER TABLE public.stock_holds
  DROP CONSTRAINT stock_holds_product_key_color_fkey,
  ADD CONSTRAINT stock_holds_product_key_color_fkey
    FOREIGN KEY (product_key, color) REFERENCES public.stock (product_key, color)
    ON UPDATE CASCADE;

-- A variant's new name moves its stock row, unless a row of that name is already kept (counted
-- earlier for a colour of the same name); then both rows stay as they are.
CREATE FUNCTION public.stock_follows_colour_rename()
  RETURNS trigger
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path = ''
  AS $$
  BEGIN
    IF NOT EXISTS (
      SELECT 1 FROM public.stock s WHERE s.product_key = NEW.product_key AND s.color = NEW.color
    ) THEN
      UPDATE public.stock SET color = NEW.color, updated_at = now()
      WHERE product_key = OLD.product_key AND color = OLD.color;
    END IF;
    RETURN NULL;
  END;
  $$;

REVOKE ALL ON FUNCTION public.stock_follows_colour_rename() FROM PUBLIC, anon, authenticated;

CREATE TRIGGER product_variants_rename_stock
  AFTER UPDATE OF color ON public.product_variants
  FOR EACH ROW
  WHEN (OLD.color IS DISTINCT FROM NEW.color)
  EXECUTE FUNCTION public.stock_follows_colour_rename();

-- As in 20261128130000_catalogue_products.sql, with renames: before colours no longer listed are
-- removed, each listed colour whose SKU belongs to another of the product's colours takes that
-- colour's place (unless its new name is still in use by another colour of the product, as in a
-- swap of two names; then it is removed and added as before).
CREATE OR REPLACE FUNCTION public.save_product(product jsonb)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY INVOKER
  SET search_path = ''
  AS $$
  DECLARE
    saved_key text;
    variants jsonb := product -> 'variants';
    variant jsonb;
    n integer := 0;
  BEGIN
    -- Row-level security refuses anyone else's writes anyway; this says so in words first.
    IF NOT (SELECT public.is_staff()) THEN
      RAISE EXCEPTION 'Only staff change the catalogue.' USING ERRCODE = '42501';
    END IF;
    IF jsonb_typeof(variants) IS DISTINCT FROM 'array' OR jsonb_array_length(variants) = 0 THEN
      RAISE EXCEPTION 'A product needs at least one colour.' USING ERRCODE = '22023';
    END IF;
    IF NOT EXISTS (
      SELECT 1 FROM jsonb_array_elements(variants) v WHERE v ->> 'color' = product ->> 'selected_color'
    ) THEN
      RAISE EXCEPTION 'The default colour must be one of the product''s colours.'
        USING ERRCODE = '22023';
    END IF;
    IF product ->> 'key' IS NULL THEN
      INSERT INTO public.products
        (category, url_key, name, description, price_cents, selected_color, seed_ratings,
         connectivity, product_type, drawing, specs, status, position)
      VALUES (
        product ->> 'category',
        product ->> 'url_key',
        product ->> 'name',
        coalesce(product ->> 'description', ''),
        (product ->> 'price_cents')::integer,
        product ->> 'selected_color',
        '{}',
        product ->> 'connectivity',
        product ->> 'product_type',
        product ->> 'drawing',
        coalesce(product -> 'specs', '{}'),
        coalesce(product ->> 'status', 'draft'),
        coalesce((product ->> 'position')::integer,
                 (SELECT coalesce(max(p.position), 0) + 1 FROM public.products p))
      )
      RETURNING key INTO saved_key;
    ELSE
      UPDATE public.products p SET
        url_key = product ->> 'url_key',
        name = product ->> 'name',
        description = coalesce(product ->> 'description', ''),
        price_cents = (product ->> 'price_cents')::integer,
        selected_color = product ->> 'selected_color',
        connectivity = product ->> 'connectivity',
        product_type = product ->> 'product_type',
        drawing = product ->> 'drawing',
        specs = coalesce(product -> 'specs', '{}'),
        status = coalesce(product ->> 'status', p.status)
      WHERE p.key = product ->> 'key'
        AND (product ->> 'expected_updated_at' IS NULL
             OR p.updated_at = (product ->> 'expected_updated_at')::timestamptz)
      RETURNING p.key INTO saved_key;
      IF saved_key IS NULL THEN
        IF EXISTS (SELECT 1 FROM public.products p WHERE p.key = product ->> 'key') THEN
          RAISE EXCEPTION 'Someone changed % since you opened it: reload it and try again.',
            (SELECT p.name FROM public.products p WHERE p.key = product ->> 'key')
            USING ERRCODE = '40001';
        END IF;
        RAISE EXCEPTION 'There is no product %.', product ->> 'key' USING ERRCODE = 'P0002';
      END IF;
      UPDATE public.product_variants v SET color = e ->> 'color'
      FROM jsonb_array_elements(variants) e
      WHERE v.product_key = saved_key
        AND v.sku = e ->> 'sku'
        AND v.color <> e ->> 'color'
        AND NOT EXISTS (
          SELECT 1 FROM public.product_variants w
          WHERE w.product_key = saved_key AND w.color = e ->> 'color'
        );
      DELETE FROM public.product_variants v
      WHERE v.product_key = saved_key
        AND v.color NOT IN (SELECT e ->> 'color' FROM jsonb_array_elements(variants) e);
    END IF;
    FOR variant IN SELECT e FROM jsonb_array_elements(variants) e LOOP
      n := n + 1;
      INSERT INTO public.product_variants AS v (product_key, color, sku, position)
      VALUES (saved_key, variant ->> 'color', variant ->> 'sku', n)
      ON CONFLICT (product_key, color) DO UPDATE
        SET sku = excluded.sku, position = excluded.position
        WHERE (v.sku, v.position) IS DISTINCT FROM (excluded.sku, excluded.position);
    END LOOP;
    RETURN (SELECT to_jsonb(c) FROM public.catalogue_products c WHERE c.key = saved_key);
  END;
  $$;
