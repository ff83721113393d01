/**
 * The Cloudflare platform as the server code uses it: the bindings and globals are typed by
 * @cloudflare/workers-types, and what they hand over is used as the web's Request and Response.
 *
 * workerd's Request, Response and ReadableStream are the web platform's own classes, and
 * workers-types declares them as the runtime defines them. TypeScript's DOM library, which the
 * islands need and the server code shares with them (Hono and React's server renderer use it too),
 * declares the same classes slightly differently, and under this project's strict options neither
 * declaration is assignable to the other (cloudflare/workerd#1383, #4811). So workers-types is
 * imported as module types where a binding is typed, never as globals, and a value crosses from one
 * declaration to the other in the functions below and nowhere else.
 */
import type {
  Fetcher,
  ReadableStream as PlatformReadableStream,
  Request as PlatformRequest,
  Response as PlatformResponse,
  R2Bucket,
} from '@cloudflare/workers-types';
import type { ImageStore } from '../features/images/image-store.ts';

// The same object under the other declaration (see above).
const webResponse = (response: PlatformResponse) => response as unknown as Response;
const platformRequest = (request: Request) => request as unknown as PlatformRequest;
const webStream = (stream: PlatformReadableStream) => stream as unknown as ReadableStream;

/** A binding's answer to `input` (the deploy's static files: ASSETS), as the web's Response. */
export async function fetchFrom(binding: Fetcher, input: Request | URL): Promise<Response> {
  return webResponse(await binding.fetch(input instanceof URL ? input : platformRequest(input)));
}

/** Image storage in the R2 bucket bound as IMAGES (wrangler.toml). */
export function r2Store(bucket: R2Bucket): ImageStore {
  return {
    async put(key, bytes, contentType) {
      await bucket.put(key, bytes, { httpMetadata: { contentType } });
    },
    async get(key) {
      const object = await bucket.get(key);
      if (!object) return null;
      return {
        body: webStream(object.body),
        contentType: object.httpMetadata?.contentType ?? 'application/octet-stream',
        size: object.size,
      };
    },
  };
}
