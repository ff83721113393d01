import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { AGE_VERIFIED_KEY } from '../../src/features/compliance/age-gate.ts';

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Debian's chromium, headless, with nothing reaching outside this machine. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`No chromium at ${CHROMIUM_PATH}: install Debian's package 'chromium' or set CHROME_PATH.`);
  }
  return chromium.launch({
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
  });
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
