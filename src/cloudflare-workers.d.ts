/**
 * The Workers runtime's module the live pages read their bindings from (src/server/pages/live-page.ts).
 * @cloudflare/workers-types is imported as module types, not globals (src/server/platform.ts), so
 * its declaration of this module is not in scope; this is the one member used.
 */
declare module 'cloudflare:workers' {
  export const env: Record<string, unknown>;
}
