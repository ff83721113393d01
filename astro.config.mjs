// @ts-check
import cloudflare from '@astrojs/cloudflare';
import { cacheCloudflare } from '@astrojs/cloudflare/cache';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, memoryCache, sessionDrivers } from 'astro/config';
import { securityHeaders } from './src/features/site/security-headers.build.ts';

/**
 * Where the pages Astro renders on request are kept (docs/decisions/0024): the platform's cache in
 * production (PAGE_CACHE=cloudflare, set by `npm run deploy`; it needs Workers Cache on the
 * account), otherwise the Worker's memory, which serves one isolate (npm start, the tests).
 */
const pageCache = process.env.PAGE_CACHE === 'cloudflare' ? cacheCloudflare() : memoryCache();

// Pages are pre-rendered unless they say otherwise (the catalogue's pages, rendered on request by
// the Worker); what changes often (price, stock) is hydrated from /api by islands.
export default defineConfig({
  output: 'static',
  adapter: cloudflare({
    // The build reads the catalogue for the pre-rendered pages with the Node database client.
    prerenderEnvironment: 'node',
    // No image transforms: product images are R2 files served by the API.
    imageService: 'passthrough',
  }),
  cache: { provider: pageCache },
  // The shop uses no Astro sessions (staff sessions are its own, D21); a memory driver keeps the
  // adapter from asking for a KV namespace it would never use.
  session: { driver: sessionDrivers.lruCache() },
  site: process.env.SITE_URL ?? 'http://127.0.0.1:8788',
  // Tests build into their own folder so they never clobber the dist/ that `npm start` serves.
  outDir: process.env.ASTRO_OUT_DIR ?? './dist',
  trailingSlash: 'never',
  // /contact -> contact.html: the static files are served at the clean URL without a redirect.
  // inlineStylesheets: the one small stylesheet goes into the page, so the first paint waits for no
  // second request (Lighthouse's render-blocking audit, in the bench's Lighthouse rows).
  build: { format: 'file', inlineStylesheets: 'always' },
  integrations: [react(), securityHeaders()],
  vite: {
    plugins: [tailwindcss()],
    build: {
      rolldownOptions: {
        output: {
          // Islands are entries of their own, so by default every set of islands that shares a module
          // gets a chunk of its own, and a storefront page fetches dozens of small files, each
          // compressed alone: more bytes than the same code in a few files. These groups make
          // a few (npm run weigh):
          // - react: React's runtime and Astro's React renderer, which every island needs;
          // - shared: the modules the storefront's header islands share with the staff islands; none
          //   of them imports anything on demand, so a staff page loading this file reaches no
          //   storefront code (npm run weigh -- dist --staff);
          // - store: the rest of what the store layout's islands import (store-islands.ts), which
          //   every storefront page loads anyway;
          // - catalog: the product grid and card and what they import, for the pages that list products;
          // - browse: what the category browser and the search page share; search: the search page.
          // A group takes what its modules import too, less what a group before it took.
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react[\\/]dist[\\/]client\.js)/,
                priority: 3,
              },
              {
                name: 'shared',
                test: new RegExp(
                  [
                    /src[\\/]lib[\\/](api|http-error|money|use-store)\.ts$/,
                    /src[\\/]components[\\/]ui[\\/](toast\.ts|Toaster\.tsx|DisclosureButton\.tsx)$/,
                    /src[\\/]features[\\/](site[\\/]settings|pricing[\\/]pricing|cart[\\/]cart|delivery[\\/](zones|delivery\.store))\.ts$/,
                    /src[\\/]features[\\/]catalog[\\/](catalog\.ts|images\.ts|ProductImage\.tsx)$/,
                    /node_modules[\\/](nanostores|@nanostores[\\/]persistent)[\\/]/,
                    /vite[\\/]preload-helper/,
                  ]
                    .map((r) => r.source)
                    .join('|'),
                ),
                priority: 2,
              },
              { name: 'store', test: /src[\\/](layouts[\\/]store-islands\.ts|features[\\/]catalog[\\/]catalog\.api\.ts)$/, priority: 1 },
              { name: 'catalog', test: /src[\\/]features[\\/](shop[\\/](ProductGrid|ProductCard)\.tsx|catalog[\\/]live\.ts)$/ },
              {
                name: 'browse',
                test: /src[\\/](features[\\/](search[\\/](ListStatus\.tsx|search\.api\.ts|paging\.ts)|catalog[\\/]browse\.ts)|components[\\/]ui[\\/]LabelledSelect\.tsx)$/,
              },
              { name: 'search', test: /src[\\/]features[\\/]search[\\/]SearchPage\.tsx$/ },
            ],
          },
        },
      },
    },
  },
  devToolbar: { enabled: false },
});
