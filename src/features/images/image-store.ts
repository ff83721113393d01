/**
 * Where uploaded images live. In workerd it is the R2 bucket bound as IMAGES; the Node tests use
 * the in-memory store (the same interface), so they need no bucket.
 */
export interface StoredImage {
  body: ReadableStream | Uint8Array<ArrayBuffer>;
  contentType: string;
  size: number;
}

export interface ImageStore {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<StoredImage | null>;
}

/** The subset of R2Bucket we use (typed here so islands and Node code need no Workers types). */
export interface R2Like {
  put(key: string, value: Uint8Array, options: { httpMetadata: { contentType: string; cacheControl?: string } }): Promise<unknown>;
  get(key: string): Promise<{ body: ReadableStream; size: number; httpMetadata?: { contentType?: string } } | null>;
}

export function r2Store(bucket: R2Like): ImageStore {
  return {
    async put(key, bytes, contentType) {
      await bucket.put(key, bytes, { httpMetadata: { contentType } });
    },
    async get(key) {
      const object = await bucket.get(key);
      if (!object) return null;
      return { body: object.body, contentType: object.httpMetadata?.contentType ?? 'application/octet-stream', size: object.size };
    },
  };
}

export function memoryStore(): ImageStore & { keys: () => string[] } {
  const files = new Map<string, { bytes: Uint8Array<ArrayBuffer>; contentType: string }>();
  return {
    async put(key, bytes, contentType) {
      files.set(key, { bytes: bytes.slice(), contentType });
    },
    async get(key) {
      const file = files.get(key);
      return file ? { body: file.bytes, contentType: file.contentType, size: file.bytes.length } : null;
    },
    keys: () => [...files.keys()],
  };
}
