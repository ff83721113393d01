/** The age gate's rules (storefront.md §2, §4). */
import { atom } from 'nanostores';

/** Local storage key of the persistent "21 or older" flag. */
export const AGE_VERIFIED_KEY = 'ageVerified';

/** Where 'I'm under 21' sends the browser: away from the shop, to a search engine (§4). */
export const UNDER_AGE_REDIRECT = 'https://www.google.com/';

/** The gate fades in after this delay (§2). */
export const AGE_GATE_DELAY_MS = 100;

/** The pre-hydration copy of the gate card (StoreLayout's <template> + inline script). */
export const STATIC_GATE_CLASS = 'age-gate-static';
export const STATIC_GATE_TEMPLATE_ID = 'age-gate-static';

/**
 * Runs at the end of <body> for a visitor the head script marked 'pending': shows the card from the
 * template, makes the page behind inert and lets it paint under the backdrop ('static'), all before
 * any JavaScript file has loaded. Constant text: the page CSP allows it by hash.
 */
export const STATIC_GATE_SCRIPT = `(function(){var h=document.documentElement;if(h.dataset.ageGate!=='pending')return;var t=document.getElementById('${STATIC_GATE_TEMPLATE_ID}');if(!t)return;for(var c of Array.from(document.body.children))if(!c.contains(t))c.inert=true;t.after(t.content.cloneNode(true));h.dataset.ageGate='static'})()`;

/** Removes the pre-hydration card; `release` also gives the page back (verified meanwhile). */
export function clearStaticGate(release: boolean): void {
  for (const el of Array.from(document.querySelectorAll(`.${STATIC_GATE_CLASS}`))) el.remove();
  if (!release) return;
  for (const el of Array.from(document.body.children)) if (el instanceof HTMLElement) el.inert = false;
}

/** Whether the blocking gate is up: while it is, nothing else on the page (the cart drawer) stays open. */
export const $ageGateUp = atom(false);
