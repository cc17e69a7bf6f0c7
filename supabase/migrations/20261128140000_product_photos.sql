-- Product photos, the Supabase Storage way (docs/decisions/0046-photos-in-the-database.md): the
-- files live in the public bucket `product-photos`, anyone reads them by URL, only staff upload,
-- replace and delete them; public.product_photos says which photos a product shows, in which
-- order, with which alternative text. Applies unchanged to a hosted Supabase project, whose
-- storage schema has the same tables (here: src/server/db/migrations/storage).

-- 10 MB as Supabase counts it ("10MB": decimal units). The types are what browsers show everywhere;
-- the server checks an upload's type from its content, never from its name or declared type.
INSERT INTO storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
VALUES (
  'product-photos',
  'product-photos',
  true,
  10000000,
  ARRAY['image/jpeg', 'image/png', 'image/webp']
);

-- The bucket itself: anyone may read its settings (the client's getBucket). Nobody changes buckets
-- through the API: a bucket's limits and types are part of the shop's security, changed by a
-- migration like this one.
CREATE POLICY "Anyone reads the product-photos bucket"
  ON storage.buckets
  FOR SELECT
  TO anon, authenticated
  USING (id = 'product-photos');

-- Its objects: anyone lists and reads them (the bucket is public anyway); staff write them.
CREATE POLICY "Anyone reads product photos"
  ON storage.objects
  FOR SELECT
  TO anon, authenticated
  USING (bucket_id = 'product-photos');

CREATE POLICY "Staff upload product photos"
  ON storage.objects
  FOR INSERT
  TO authenticated
  WITH CHECK (bucket_id = 'product-photos' AND (SELECT public.is_staff()));

CREATE POLICY "Staff replace and rename product photos"
  ON storage.objects
  FOR UPDATE
  TO authenticated
  USING (bucket_id = 'product-photos' AND (SELECT public.is_staff()))
  WITH CHECK (bucket_id = 'product-photos' AND (SELECT public.is_staff()));

CREATE POLICY "Staff delete product photos"
  ON storage.objects
  FOR DELETE
  TO authenticated
  USING (bucket_id = 'product-photos' AND (SELECT public.is_staff()));

-- Which photos a product shows, in order. A photo is a stored object: deleting the file removes it
-- from the product, renaming the file (move) follows it. Positions are unique per product, checked
-- at commit, so staff reorder photos in one transaction in any order.
CREATE TABLE public.product_photos (
  product_key text NOT NULL REFERENCES public.products (key) ON DELETE CASCADE,
  bucket_id text NOT NULL DEFAULT 'product-photos' CHECK (bucket_id = 'product-photos'),
  -- The object's key in the bucket, e.g. "keyboards/1/5f0c...webp".
  object_path text NOT NULL,
  -- Read aloud by screen readers and shown when the image does not load: required.
  alt text NOT NULL CHECK (alt = btrim(alt) AND length(alt) BETWEEN 1 AND 250),
  position integer NOT NULL CHECK (position >= 0),
  -- The stored image's size in pixels, copied from the object (below), so pages reserve the room
  -- before the image arrives.
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (product_key, object_path),
  CONSTRAINT product_photos_position_key UNIQUE (product_key, position)
    DEFERRABLE INITIALLY DEFERRED,
  CONSTRAINT product_photos_object_fkey FOREIGN KEY (bucket_id, object_path)
    REFERENCES storage.objects (bucket_id, name) ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE INDEX product_photos_object_idx ON public.product_photos (bucket_id, object_path);

-- The size comes from what the server measured when it stored the file, never from the writer.
-- Security definer: it reads storage.objects whatever the writer's own rights there.
CREATE FUNCTION public.product_photo_size()
  RETURNS trigger
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path = ''
  AS $$
  DECLARE
    meta jsonb;
  BEGIN
    SELECT o.metadata INTO meta
    FROM storage.objects o
    WHERE o.bucket_id = NEW.bucket_id AND o.name = NEW.object_path;
    IF (meta ->> 'width') IS NULL OR (meta ->> 'height') IS NULL THEN
      RAISE EXCEPTION 'The photo % is not a stored image.', NEW.object_path USING ERRCODE = '22023';
    END IF;
    NEW.width := (meta ->> 'width')::integer;
    NEW.height := (meta ->> 'height')::integer;
    RETURN NEW;
  END;
  $$;

CREATE TRIGGER product_photos_size
  BEFORE INSERT OR UPDATE OF object_path, bucket_id ON public.product_photos
  FOR EACH ROW
  EXECUTE FUNCTION public.product_photo_size();

-- A photo change is a change of its product: the storefront's caches read products.updated_at.
CREATE TRIGGER product_photos_touch
  AFTER INSERT OR UPDATE OR DELETE ON public.product_photos
  FOR EACH ROW
  EXECUTE FUNCTION public.touch_product_of_row();

-- Every change by staff is in the audit log with the row before and after, as for products
-- (actions photo.insert, photo.update, photo.delete).
CREATE TRIGGER product_photos_audit
  AFTER INSERT OR UPDATE OR DELETE ON public.product_photos
  FOR EACH ROW
  EXECUTE FUNCTION public.audit_catalogue_change();

-- Anyone reads the photos of published products; staff read and write every product's.
ALTER TABLE public.product_photos ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE public.product_photos FROM PUBLIC, anon, authenticated;
GRANT SELECT ON TABLE public.product_photos TO anon, authenticated;
GRANT INSERT, UPDATE, DELETE ON TABLE public.product_photos TO authenticated;

CREATE POLICY "Anyone reads the photos of published products"
  ON public.product_photos
  FOR SELECT
  TO anon, authenticated
  USING (
    EXISTS (
      SELECT 1 FROM public.products p
      WHERE p.key = product_photos.product_key AND p.status = 'published'
    )
  );

CREATE POLICY "Staff read every photo"
  ON public.product_photos
  FOR SELECT
  TO authenticated
  USING ((SELECT public.is_staff()));

CREATE POLICY "Staff add photos"
  ON public.product_photos
  FOR INSERT
  TO authenticated
  WITH CHECK ((SELECT public.is_staff()));

CREATE POLICY "Staff change photos"
  ON public.product_photos
  FOR UPDATE
  TO authenticated
  USING ((SELECT public.is_staff()))
  WITH CHECK ((SELECT public.is_staff()));

CREATE POLICY "Staff remove photos"
  ON public.product_photos
  FOR DELETE
  TO authenticated
  USING ((SELECT public.is_staff()));

-- What the storefront reads gains each product's photos in order, as it carries the variants.
-- `version` changes whenever the file is replaced: put in the image URL (storage-js getPublicUrl's
-- cacheNonce), it lets the renditions be cached as immutable. Still security_invoker: the reader's
-- rights apply, so shoppers see published products and their photos only.
CREATE OR REPLACE VIEW public.catalogue_products
  WITH (security_invoker = true)
  AS
  SELECT
    p.key, p.category, p.id, p.url_key, p.name, p.description, p.price_cents, p.selected_color,
    p.seed_ratings, p.connectivity, p.product_type, p.drawing, p.specs, p.status, p.position,
    p.updated_at,
    coalesce(
      (SELECT jsonb_agg(jsonb_build_object('color', v.color, 'sku', v.sku)
                        ORDER BY v.position, v.color)
       FROM public.product_variants v
       WHERE v.product_key = p.key),
      '[]'::jsonb
    ) AS variants,
    coalesce(
      (SELECT jsonb_agg(
                jsonb_build_object(
                  'path', ph.object_path,
                  'alt', ph.alt,
                  'width', ph.width,
                  'height', ph.height,
                  'version', o.version
                )
                ORDER BY ph.position)
       FROM public.product_photos ph
       JOIN storage.objects o ON o.bucket_id = ph.bucket_id AND o.name = ph.object_path
       WHERE ph.product_key = p.key),
      '[]'::jsonb
    ) AS photos
  FROM public.products p;

-- The back office's photo editor (docs/product.md, Products in the back office): a stored photo is
-- added at the end of its product's photos, and the photos are put in a new order, each in one
-- transaction. Security invoker: row-level security decides as for any write; the staff check only
-- says so in words first (an UPDATE that RLS filters would otherwise change nothing, silently).
-- Both lock the product's row first, so two staff members adding or moving photos of one product
-- take turns instead of computing the same position.

-- Appends a photo the caller has just uploaded to `object_path`, with its alternative text. Its
-- position is one after the product's last; its size comes from the stored object (trigger above).
CREATE FUNCTION public.add_product_photo(product_key text, object_path text, alt text)
  RETURNS void
  LANGUAGE plpgsql
  SECURITY INVOKER
  SET search_path = ''
  AS $$
  BEGIN
    IF NOT (SELECT public.is_staff()) THEN
      RAISE EXCEPTION 'Only staff change product photos.' USING ERRCODE = '42501';
    END IF;
    PERFORM 1 FROM public.products p WHERE p.key = add_product_photo.product_key
      FOR NO KEY UPDATE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'There is no product %.', add_product_photo.product_key
        USING ERRCODE = 'P0002';
    END IF;
    INSERT INTO public.product_photos (product_key, object_path, alt, position)
    SELECT add_product_photo.product_key, add_product_photo.object_path, add_product_photo.alt,
           coalesce(max(ph.position) + 1, 0)
    FROM public.product_photos ph
    WHERE ph.product_key = add_product_photo.product_key;
  END;
  $$;

REVOKE ALL ON FUNCTION public.add_product_photo(text, text, text) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.add_product_photo(text, text, text) TO authenticated;

-- Puts a product's photos in the order of `paths`, which must name each of its photos exactly
-- once: a list read before someone else added or removed a photo is refused (40001) rather than
-- half applied. Positions become 0, 1, 2...; the unique (product_key, position) constraint is
-- checked at commit, so photos swap places freely here. Only photos that move are written, so the
-- audit log holds one entry per moved photo, all with the transaction's time.
CREATE FUNCTION public.set_product_photo_order(product_key text, paths text[])
  RETURNS void
  LANGUAGE plpgsql
  SECURITY INVOKER
  SET search_path = ''
  AS $$
  DECLARE
    product_name text;
  BEGIN
    IF NOT (SELECT public.is_staff()) THEN
      RAISE EXCEPTION 'Only staff change product photos.' USING ERRCODE = '42501';
    END IF;
    SELECT p.name INTO product_name FROM public.products p
    WHERE p.key = set_product_photo_order.product_key
    FOR NO KEY UPDATE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'There is no product %.', set_product_photo_order.product_key
        USING ERRCODE = 'P0002';
    END IF;
    IF (SELECT coalesce(array_agg(ph.object_path ORDER BY ph.object_path), '{}')
        FROM public.product_photos ph
        WHERE ph.product_key = set_product_photo_order.product_key)
       IS DISTINCT FROM
       (SELECT coalesce(array_agg(given.path ORDER BY given.path), '{}')
        FROM unnest(set_product_photo_order.paths) AS given(path)) THEN
      RAISE EXCEPTION 'The photos of % changed since you opened it: reload it and try again.',
        product_name USING ERRCODE = '40001';
    END IF;
    UPDATE public.product_photos ph
    SET position = (given.n - 1)::integer
    FROM unnest(set_product_photo_order.paths) WITH ORDINALITY AS given(path, n)
    WHERE ph.product_key = set_product_photo_order.product_key
      AND ph.object_path = given.path
      AND ph.position <> given.n - 1;
  END;
  $$;

REVOKE ALL ON FUNCTION public.set_product_photo_order(text, text[])
  FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.set_product_photo_order(text, text[]) TO authenticated;
