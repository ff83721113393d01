/**
 * The chromium the browser journeys run in: Debian's `chromium-headless-shell`, the same Chromium
 * (Blink and V8) as its `chromium` package, built as the headless shell that Playwright itself runs
 * for headless pages. It draws a page for a fraction of the CPU the full browser in headless mode
 * takes, which on a 2-core machine is most of the journeys' time. CHROME_PATH names another.
 */
export const CHROMIUM_PACKAGE = 'chromium-headless-shell';
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium-headless-shell';
