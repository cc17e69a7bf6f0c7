-- The product pages the server renders (docs/decisions/0049-server-rendered-product-pages.md).
--
-- 1. A product's former addresses. Staff may change a product's url_key; a link shared before the
--    change, or a search engine's index, still names the old one. Each old address is kept with
--    the product it led to, so the server answers it with a permanent redirect (301) to the
--    current one. An address a product takes again, or another product takes, is answered by that
--    product: the server looks at current addresses first.
CREATE TABLE public.product_url_history (
  url_key text PRIMARY KEY
    CHECK (url_key ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(url_key) <= 80),
  product_key text NOT NULL REFERENCES public.products (key) ON DELETE CASCADE,
  replaced_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX product_url_history_product_idx ON public.product_url_history (product_key);

-- Only the server reads it (as the owner); no client needs it.
ALTER TABLE public.product_url_history ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE public.product_url_history FROM PUBLIC, anon, authenticated;

-- Security definer: staff change addresses under row-level security as themselves, and the history
-- has no policy for them; it only ever records what they did to the product itself.
CREATE FUNCTION public.remember_former_url_key()
  RETURNS trigger
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path = ''
  AS $$
  BEGIN
    INSERT INTO public.product_url_history (url_key, product_key)
      VALUES (OLD.url_key, OLD.key)
      ON CONFLICT (url_key) DO UPDATE
        SET product_key = EXCLUDED.product_key, replaced_at = now();
    DELETE FROM public.product_url_history WHERE url_key = NEW.url_key;
    RETURN NULL;
  END;
  $$;

REVOKE ALL ON FUNCTION public.remember_former_url_key() FROM PUBLIC, anon, authenticated;

CREATE TRIGGER products_remember_former_url_key
  AFTER UPDATE OF url_key ON public.products
  FOR EACH ROW
  WHEN (OLD.url_key IS DISTINCT FROM NEW.url_key)
  EXECUTE FUNCTION public.remember_former_url_key();

-- 2. One number that changes with everything a product or category page shows but the stock:
--    products, colours, photos and ratings. Every instance keeps rendered pages while it is
--    unchanged, and asks for it at most about once a second, so a change reaches every instance's
--    pages within seconds without a message between them. Stock changes with every order and is
--    not counted: a cached page is re-rendered after half a minute anyway, and the page's script
--    reads the current stock as soon as it runs.
CREATE TABLE public.catalogue_version (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  version bigint NOT NULL DEFAULT 0,
  changed_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO public.catalogue_version DEFAULT VALUES;

ALTER TABLE public.catalogue_version ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE public.catalogue_version FROM PUBLIC, anon, authenticated;

-- Once per statement: a CSV import of a hundred products moves it once.
CREATE FUNCTION public.catalogue_changed()
  RETURNS trigger
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path = ''
  AS $$
  BEGIN
    UPDATE public.catalogue_version SET version = version + 1, changed_at = now();
    RETURN NULL;
  END;
  $$;

REVOKE ALL ON FUNCTION public.catalogue_changed() FROM PUBLIC, anon, authenticated;

CREATE TRIGGER products_catalogue_changed
  AFTER INSERT OR UPDATE OR DELETE ON public.products
  FOR EACH STATEMENT EXECUTE FUNCTION public.catalogue_changed();
CREATE TRIGGER product_variants_catalogue_changed
  AFTER INSERT OR UPDATE OR DELETE ON public.product_variants
  FOR EACH STATEMENT EXECUTE FUNCTION public.catalogue_changed();
CREATE TRIGGER product_photos_catalogue_changed
  AFTER INSERT OR UPDATE OR DELETE ON public.product_photos
  FOR EACH STATEMENT EXECUTE FUNCTION public.catalogue_changed();
CREATE TRIGGER reviews_catalogue_changed
  AFTER INSERT OR UPDATE OR DELETE ON public.reviews
  FOR EACH STATEMENT EXECUTE FUNCTION public.catalogue_changed();
