import { existsSync } from 'node:fs';
import { type Browser, chromium, type LaunchOptions, type Page } from 'playwright-core';
import { AGE_VERIFIED_KEY } from '../../src/features/compliance/age-gate.ts';
import { CHROMIUM_PACKAGE, CHROMIUM_PATH } from './chromium.ts';
import { sharedBrowserEndpoint } from './run-stack.ts';

/** Debian's headless chromium (chromium.ts), with nothing reaching outside this machine. */
export function browserOptions(): LaunchOptions {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`No chromium at ${CHROMIUM_PATH}: install Debian's package '${CHROMIUM_PACKAGE}' or set CHROME_PATH.`);
  }
  return {
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  };
}

/**
 * A chromium for one test file: the one its vitest worker keeps (stack-service.ts), started once
 * for the files that run there one after another, or one of its own outside such a run. Closing it
 * closes the file's contexts and pages; a kept chromium stays for the next file.
 */
export async function launchBrowser(): Promise<Browser> {
  const shared = await sharedBrowserEndpoint();
  return shared ? chromium.connect(shared) : chromium.launch(browserOptions());
}

/**
 * A page that records console errors and page errors; a journey fails when any appear. Unless told
 * otherwise the visitor has already passed the age gate, so journeys start where they mean to.
 */
export async function openPage(
  browser: Browser,
  opts: { ageVerified?: boolean; viewport?: { width: number; height: number } } = {},
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext(opts.viewport ? { viewport: opts.viewport } : {});
  if (opts.ageVerified !== false) {
    await context.addInitScript((key) => {
      if (!sessionStorage.getItem('__gate_init')) {
        sessionStorage.setItem('__gate_init', '1');
        localStorage.setItem(key, 'true');
      }
    }, AGE_VERIFIED_KEY);
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()} (${m.location().url})`);
  });
  return { page, errors };
}

/**
 * Waits until the named island has hydrated: Astro has handed it to React and React has finished
 * with it. Acting before that races React: a choice made in the static HTML can be undone by
 * hydration. `component` is the island's module file (its default export, or `exportName`), or
 * the export's own name where one module exports several islands (the store layout's, in
 * src/layouts/store-islands.ts).
 */
export async function hydrated(page: Page, component: string, exportName = 'default'): Promise<void> {
  const island = `astro-island:is([component-url*="/${component}."][component-export="${exportName}"], [component-export="${component}"])`;
  // client:visible islands hydrate only once on screen; others must not be scrolled (an animating
  // dialog would never count as "stable").
  await page.waitForSelector(island, { state: 'attached' });
  await page.$eval(island, (el) => {
    // The island itself is display: contents (no box); its first child is what becomes visible.
    if (el.getAttribute('client') === 'visible') (el.firstElementChild ?? el).scrollIntoView({ block: 'center' });
  });
  await page.waitForSelector(`${island}:not([ssr])`, { state: 'attached' });
  // Astro drops `ssr` as it hands the island to React, which then hydrates in a transition, in short
  // tasks that keep the main thread busy until it is done. The page's next idle period therefore
  // comes after hydration and the effects it runs, so a journey's first click or choice reaches a
  // live component rather than markup that hydration redraws.
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
}
