// The Supabase Storage-compatible API (/storage/v1), driven by @supabase/storage-js: buckets,
// objects with their bytes in PostgreSQL, and image transformations made once and kept
// (docs/decisions/0046-photos-in-the-database.md). app.ts maps these handlers to routes.
import type { Context, MiddlewareHandler } from 'hono';
import { apiCors } from '../http/cors.ts';
import { bodyLimit } from '../http/body-limit.ts';
import { restContext, type RestDeps } from '../rest/identity.ts';
import {
  createBucket,
  deleteBucket,
  emptyBucket,
  getBucket,
  listBuckets,
  updateBucket,
} from './buckets.ts';
import type { StorageContext } from './context.ts';
import { download, downloadPublic, info } from './download.ts';
import { routeNotFound } from './errors.ts';
import { createImageWorker, type ImageWorker } from './images.ts';
import { copyObject, listObjects, moveObject, removeObjects } from './objects.ts';
import { renderAuthenticated, renderPublic } from './render.ts';
import { createRenditions } from './renditions.ts';
import { uploadObject } from './upload.ts';

export { GLOBAL_FILE_SIZE_LIMIT } from './upload.ts';
export { MAX_INPUT_PIXELS } from './images.ts';

export interface StorageDeps extends RestDeps {
  /** The image worker; default: two images at a time. */
  images?: ImageWorker;
}

type Handler = (c: Context) => Response | Promise<Response>;

/** Request headers storage-js sends besides the other clients': upsert, cache control, metadata. */
const STORAGE_HEADERS = ['x-upsert', 'cache-control', 'x-metadata', 'content-encoding'];

export interface StorageApi {
  /** CORS for every storage route, with storage-js's own request headers. */
  cors: MiddlewareHandler;
  /** The bound on JSON bodies (list, remove, move, copy, buckets): uploads are read by their route. */
  jsonBody: MiddlewareHandler;
  listBuckets: Handler;
  getBucket: Handler;
  createBucket: Handler;
  updateBucket: Handler;
  deleteBucket: Handler;
  emptyBucket: Handler;
  upload: Handler;
  update: Handler;
  download: Handler;
  downloadAuthenticated: Handler;
  downloadPublic: Handler;
  info: Handler;
  list: Handler;
  remove: Handler;
  move: Handler;
  copy: Handler;
  renderPublic: Handler;
  renderAuthenticated: Handler;
  /** Anything else under /storage/v1: Storage's real 404. */
  notFound: Handler;
}

export function createStorageApi(deps: StorageDeps): StorageApi {
  const ctx: StorageContext = {
    db: deps.db,
    rest: restContext(deps),
    images: deps.images ?? createImageWorker(),
  };
  const renditions = createRenditions(deps.db, ctx.images);
  return {
    cors: apiCors({ extraAllowedHeaders: STORAGE_HEADERS }),
    jsonBody: bodyLimit({ maxBytes: 1024 * 1024, maxJsonDepth: 8 }),
    listBuckets: listBuckets(ctx),
    getBucket: getBucket(ctx),
    createBucket: createBucket(ctx),
    updateBucket: updateBucket(ctx),
    deleteBucket: deleteBucket(ctx),
    emptyBucket: emptyBucket(),
    upload: uploadObject(ctx, { replace: false }),
    update: uploadObject(ctx, { replace: true }),
    download: download(ctx, '/storage/v1/object/'),
    downloadAuthenticated: download(ctx, '/storage/v1/object/authenticated/'),
    downloadPublic: downloadPublic(ctx),
    info: info(ctx),
    list: listObjects(ctx),
    remove: removeObjects(ctx),
    move: moveObject(ctx),
    copy: copyObject(ctx),
    renderPublic: renderPublic(ctx, renditions),
    renderAuthenticated: renderAuthenticated(ctx, renditions),
    notFound: (c) => {
      throw routeNotFound(c.req.method, c.req.path.replace(/^\/storage\/v1/, ''));
    },
  };
}
