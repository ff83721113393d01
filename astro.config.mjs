// @ts-check
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { securityHeaders } from './src/features/site/security-headers.build.ts';
import { functionRoutes } from './src/server/pages/site.build.ts';

// The site is pre-rendered; what changes often (price, stock) is hydrated from /api by islands.
export default defineConfig({
  output: 'static',
  site: process.env.SITE_URL ?? 'http://127.0.0.1:8788',
  // Tests build into their own folder so they never clobber the dist/ that `npm start` serves.
  outDir: process.env.ASTRO_OUT_DIR ?? './dist',
  trailingSlash: 'never',
  // /product/12 -> product/12.html: Cloudflare Pages serves it at the clean URL without a redirect.
  // inlineStylesheets: the one small stylesheet goes into the page, so the first paint waits for no
  // second request (Lighthouse's render-blocking audit; ~10 KB gzipped shared by every page).
  build: { format: 'file', inlineStylesheets: 'always' },
  integrations: [react(), securityHeaders(), functionRoutes()],
  vite: {
    plugins: [tailwindcss()],
    build: {
      rolldownOptions: {
        output: {
          codeSplitting: {
            // Issue 10 (<= 90 KB of first-load JS a page): left to itself the bundler made ~30 small
            // shared files a page, and 30 files gzipped apart weigh ~40% more than the same code
            // gzipped together (measured: 28.6 KB apart, 20.3 KB together for the search page).
            // So code is grouped by who loads it: `npm run weigh -- dist --modules` shows the result.
            groups: [
              // React's runtime as one file: fewer requests, and it gzips better together.
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 20 },
              // What every storefront page runs: the header and layout islands with everything they
              // import, the shared UI parts and helpers, and the islands' React renderer. The admin's
              // tabs and the dialogs (quick view, cart panel, admin) stay out: no page opens with them.
              {
                name: 'shop',
                test: /[\\/](HeaderSearch|MobileMenu|AgeGate|CartButton|CartDrawer)\.tsx$|[\\/]src[\\/](lib|components[\\/]ui[\\/](?!Tabs|Dialog))|@astrojs[\\/]react[\\/]dist[\\/]client\.js$/,
                priority: 15,
              },
              // valibot (one module: wherever it lands, every function any client schema uses comes
              // with it) in a file of its own, with the forms' helper that reads its issues
              // (lib/validation.ts). Ranked above `shop`, whose islands would otherwise take it in: the
              // forms' pages and the cart's on-demand schema load it, no page needs it to open.
              { name: 'valibot', test: /node_modules[\\/]valibot[\\/]|[\\/]src[\\/]lib[\\/]validation\.ts$/, priority: 18 },
              // Catalogue rules and data helpers shared by several pages (home, product, category, search).
              { name: 'catalog', test: /[\\/]src[\\/]features[\\/]catalog[\\/][^\\/]+\.ts$/, minShareCount: 2, priority: 10 },
              // The product cards, apart: the search page fetches them with its first results.
              { name: 'cards', test: /[\\/]src[\\/]features[\\/]catalog[\\/][^\\/]+\.tsx$/, minShareCount: 2, priority: 8 },
              // Paged lists (search, category and strain pages); the search page's own URL rules stay
              // with it rather than riding along on every category page.
              { name: 'browse', test: /[\\/]src[\\/]features[\\/]search[\\/](?!search-page)/, minShareCount: 2, priority: 5 },
            ],
          },
        },
      },
    },
  },
  devToolbar: { enabled: false },
});
