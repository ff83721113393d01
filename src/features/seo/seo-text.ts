/** Text fitting for the SEO templates: lists, clipping to a length, titles, descriptions and places. */
import { STATE_LANDINGS } from '../landing/landing.ts';
import { SITE, type UsStateCode } from '../site/settings.ts';
import { SEO } from './seo.ts';

export const collapse = (s: string): string => s.replace(/\s+/g, ' ').trim();

export const countWords = (text: string): number => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

export const capitalize = (s: string): string => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);

/** 'a', 'a and b', 'a, b and c'. */
export function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** A comma, semicolon or newline separated list, trimmed, without empties or repeats (case-insensitive). */
export function splitList(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of text.split(/[,;\n]+/)) {
    const item = collapse(part);
    const key = item.toLowerCase();
    if (item && !seen.has(key)) {
      seen.add(key);
      out.push(item);
    }
  }
  return out;
}

/** Cuts at a word boundary to at most `max` characters; `mark` ('…') is added when cut. */
export function clip(text: string, max: number, mark = ''): string {
  const s = collapse(text);
  if (s.length <= max) return s;
  const room = max - mark.length;
  const cut = s.slice(0, room + 1);
  const space = cut.lastIndexOf(' ');
  const head = (space > room / 2 ? cut.slice(0, space) : s.slice(0, room)).replace(/[\s,;:.|–-]+$/, '');
  return head + mark;
}

/** The first candidate that fits in `max`, or the last one cut to fit. */
export function fitTitle(candidates: readonly string[], max: number = SEO.title.max): string {
  const clean = candidates.map(collapse).filter(Boolean);
  return clean.find((c) => c.length <= max) ?? clip(clean[clean.length - 1] ?? SITE.name, max);
}

/** Short sentences that fit almost anywhere, so any description can be brought up to length. */
const SHORT_FILLERS = [
  'Order online in minutes.',
  'Adults 21+ only.',
  'Cash on delivery.',
  'Same-day delivery.',
  'Discreet packaging.',
  'ID checked at the door.',
  'Lab-tested.',
];

/** The words that make a filler redundant when the text already says them. */
const fillerKey = (s: string) =>
  s
    .toLowerCase()
    .split(/\s+/)
    .slice(0, 2)
    .join(' ')
    .replace(/[.,]+$/, '');

/**
 * Sentences in order of importance, taken while they fit in `max`; then fillers until `min`.
 * A first sentence too long on its own is cut with '…'. Always between min and max characters
 * as long as the fillers can make up the difference (they can from any start).
 */
export function fitDescription(
  sentences: readonly string[],
  fillers: readonly string[] = [],
  min: number = SEO.description.min,
  max: number = SEO.description.max,
): string {
  let out = '';
  const add = (sentence: string): void => {
    const s = collapse(sentence);
    if (!s || out.toLowerCase().includes(s.toLowerCase())) return;
    const next = out ? `${out} ${s}` : s;
    if (next.length <= max) out = next;
  };
  for (const s of sentences) add(s);
  if (!out && sentences[0]) out = clip(sentences[0], max, '…');
  for (const f of [...fillers, ...SHORT_FILLERS]) {
    if (out.length >= min) break;
    if (!out.toLowerCase().includes(fillerKey(f))) add(f);
  }
  // Every filler already said in other words and still short: say the shop's name.
  if (out.length < min) add(`${SITE.name}: ${SITE.tagline}.`);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Locations
// ---------------------------------------------------------------------------------------------

interface LocationPart {
  /** As written. */
  text: string;
  /** The state it names, if it names one the shop serves. */
  state: UsStateCode | null;
}

const STATE_PATTERNS: readonly [UsStateCode, RegExp][] = [
  ['DC', /^(?:washington(?:,?\s*d\.?\s*c\.?)?|d\.?\s*c\.?|district of columbia)$/i],
  ['MD', /^(?:maryland|md)$/i],
  ['VA', /^(?:virginia|va)$/i],
];

/** 'Washington DC, Maryland, Virginia' -> its parts, each with the state it names. */
export function locationParts(location: string): LocationPart[] {
  const text = collapse(location) || SEO.defaultLocation;
  const seen = new Set<string>();
  const parts: LocationPart[] = [];
  for (const raw of text.split(/\s*(?:[,;/&|]|\band\b)\s*/i)) {
    const part = collapse(raw);
    const state = STATE_PATTERNS.find(([, re]) => re.test(part))?.[0] ?? null;
    // 'Washington, DC' is one place, written in two parts.
    const key = state ?? part.toLowerCase();
    if (!part || seen.has(key)) continue;
    seen.add(key);
    parts.push({ text: part, state });
  }
  return parts.length > 0 ? parts : locationParts(SEO.defaultLocation);
}

const STATE_SHORT: Record<UsStateCode, string> = { DC: 'DC', MD: 'MD', VA: 'VA' };
export const STATE_PROSE: Record<UsStateCode, string> = { DC: 'DC', MD: 'Maryland', VA: 'Virginia' };

/** For titles: 'DC, MD & VA'. */
export function shortLocation(location: string): string {
  const names = locationParts(location).map((p) => (p.state ? STATE_SHORT[p.state] : p.text));
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} & ${names[names.length - 1]}`;
}

/** For sentences: 'DC, Maryland and Virginia'. */
export function proseLocation(location: string): string {
  return listWords(locationParts(location).map((p) => (p.state ? STATE_PROSE[p.state] : p.text)));
}

/** For keywords: the place names people search with, most searched first. */
export function placesFor(location: string, perState = 5): string[] {
  const places: string[] = [];
  for (const part of locationParts(location)) {
    if (!part.state) {
      places.push(part.text);
      continue;
    }
    const landing = STATE_LANDINGS[part.state];
    places.push(part.state === 'DC' ? 'Washington DC' : landing.stateName, ...landing.areas.slice(0, perState));
  }
  return [...new Set(places)];
}

export function uniqueLower(items: readonly string[], max = Number.POSITIVE_INFINITY): string[] {
  const out: string[] = [];
  for (const item of items) {
    const k = collapse(item).toLowerCase();
    if (k && !out.includes(k)) out.push(k);
    if (out.length >= max) break;
  }
  return out;
}
