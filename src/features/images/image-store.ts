/**
 * Where uploaded images live. In workerd it is the R2 bucket bound as IMAGES (r2Store in
 * src/server/platform.ts); the Node tests use the in-memory store (the same interface), so they
 * need no bucket.
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
