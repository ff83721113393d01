// @ts-check
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { drawnPagesCheck } from './src/features/publish/templates.build.ts';
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
  // second request (Lighthouse's render-blocking audit, in the bench's Lighthouse rows).
  build: { format: 'file', inlineStylesheets: 'always' },
  integrations: [react(), securityHeaders(), functionRoutes(), drawnPagesCheck()],
  vite: {
    plugins: [tailwindcss()],
    build: {
      rolldownOptions: {
        output: {
          // React's runtime in one file every island shares; the rest is the bundler's own splitting.
          codeSplitting: {
            groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
          },
        },
      },
    },
  },
  devToolbar: { enabled: false },
});
