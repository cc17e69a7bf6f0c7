-- Supabase Storage's schema (storage.buckets, storage.objects and the helpers policies use), with
-- Supabase's names and columns, so the shop's buckets and policies in supabase/migrations apply
-- unchanged to a hosted project. Plus what Supabase keeps outside PostgreSQL and this server keeps
-- inside it: the bytes of every object and the resized renditions made from them, so every
-- instance on one database serves the same files and a backup of the database holds them
-- (docs/decisions/0046-photos-in-the-database.md). Applied before supabase/migrations, whose
-- buckets and policies need it.
CREATE SCHEMA IF NOT EXISTS storage;
GRANT USAGE ON SCHEMA storage TO anon, authenticated;

CREATE TABLE storage.buckets (
  id text PRIMARY KEY,
  name text NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 100),
  -- Deprecated on Supabase (owner_id replaces it); kept for SQL written against either.
  owner uuid,
  owner_id text,
  -- Public: anyone reads its objects by URL, without row-level security. Writes still need policies.
  public boolean DEFAULT false,
  avif_autodetection boolean DEFAULT false,
  -- Bytes; NULL: only the server's own limit.
  file_size_limit bigint CHECK (file_size_limit > 0),
  -- "type/subtype" or "type/*"; NULL: any type, as declared by the uploader.
  allowed_mime_types text[],
  type text NOT NULL DEFAULT 'STANDARD' CHECK (type = 'STANDARD'),
  created_at timestamptz DEFAULT now(),
  updated_at timestamptz DEFAULT now()
);

CREATE TABLE storage.objects (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  bucket_id text REFERENCES storage.buckets (id),
  -- The full key, folders included ("keyboards/1/front.jpg").
  name text,
  owner uuid,
  owner_id text,
  created_at timestamptz DEFAULT now(),
  updated_at timestamptz DEFAULT now(),
  last_accessed_at timestamptz DEFAULT now(),
  -- What the server measured: {eTag, size, mimetype, cacheControl, lastModified, contentLength,
  -- httpStatusCode} and, for images, width and height.
  metadata jsonb,
  -- What the uploader sent (x-metadata, or the multipart "metadata" field).
  user_metadata jsonb,
  path_tokens text[] GENERATED ALWAYS AS (string_to_array(name, '/')) STORED,
  -- Changes with every write of the bytes: renditions and immutable URLs are keyed by it.
  version text
);
-- Supabase's names: one object per key in a bucket (also what public.product_photos references).
CREATE UNIQUE INDEX bucketid_objname ON storage.objects (bucket_id, name);
-- Listing a folder is a prefix match on the name.
CREATE INDEX name_prefix_search ON storage.objects (name text_pattern_ops);

CREATE FUNCTION storage.update_updated_at_column()
  RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = ''
  AS $$
  BEGIN
    NEW.updated_at := now();
    RETURN NEW;
  END;
  $$;

CREATE TRIGGER update_objects_updated_at
  BEFORE UPDATE ON storage.objects
  FOR EACH ROW
  EXECUTE FUNCTION storage.update_updated_at_column();

-- The helpers Supabase's policies use: the folders of a key, its file name and its extension.
CREATE FUNCTION storage.foldername(name text)
  RETURNS text[]
  LANGUAGE sql
  IMMUTABLE
  AS $$
    SELECT (string_to_array(name, '/'))[1:greatest(cardinality(string_to_array(name, '/')) - 1, 0)]
  $$;

CREATE FUNCTION storage.filename(name text)
  RETURNS text
  LANGUAGE sql
  IMMUTABLE
  AS $$
    SELECT (string_to_array(name, '/'))[cardinality(string_to_array(name, '/'))]
  $$;

CREATE FUNCTION storage.extension(name text)
  RETURNS text
  LANGUAGE sql
  IMMUTABLE
  AS $$
    SELECT CASE WHEN storage.filename(name) LIKE '%.%'
      THEN lower(regexp_replace(storage.filename(name), '^.*\.', '')) ELSE '' END
  $$;

-- The bytes of each object, as it was last written (one version per object). Not for clients:
-- the server reads and writes them with its own rights, only after the request's own read or write
-- of the object's row passed row-level security in the same transaction.
CREATE TABLE storage.object_data (
  object_id uuid PRIMARY KEY REFERENCES storage.objects (id) ON DELETE CASCADE,
  version text NOT NULL,
  bytes bytea NOT NULL
);
-- Photos are already compressed: PostgreSQL's TOAST would try to compress them again for nothing.
ALTER TABLE storage.object_data ALTER COLUMN bytes SET STORAGE EXTERNAL;

-- Resized renditions (GET /storage/v1/render/image/...), made once per object version and
-- parameters and kept: every instance serves the one stored copy. width and height 0 mean "not
-- given". A new version of the object makes the old ones useless: they are deleted with it.
CREATE TABLE storage.renditions (
  object_id uuid NOT NULL REFERENCES storage.objects (id) ON DELETE CASCADE,
  version text NOT NULL,
  width integer NOT NULL CHECK (width BETWEEN 0 AND 2500),
  height integer NOT NULL CHECK (height BETWEEN 0 AND 2500),
  resize text NOT NULL CHECK (resize IN ('cover', 'contain', 'fill')),
  quality integer NOT NULL CHECK (quality BETWEEN 20 AND 100),
  format text NOT NULL CHECK (format IN ('avif', 'webp', 'jpeg', 'png', 'gif')),
  content_type text NOT NULL,
  etag text NOT NULL,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (object_id, version, width, height, resize, quality, format)
);
ALTER TABLE storage.renditions ALTER COLUMN bytes SET STORAGE EXTERNAL;

-- Clients act on buckets and objects through the storage API, which runs each request as its
-- role: row-level security decides, and with no policy nothing is allowed (policies live with the
-- buckets they are for, in supabase/migrations). Bytes and renditions are the server's alone.
ALTER TABLE storage.buckets ENABLE ROW LEVEL SECURITY;
ALTER TABLE storage.objects ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON ALL TABLES IN SCHEMA storage FROM PUBLIC, anon, authenticated;
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE storage.buckets, storage.objects
  TO anon, authenticated;
GRANT EXECUTE ON FUNCTION storage.foldername(text), storage.filename(text), storage.extension(text)
  TO anon, authenticated;
