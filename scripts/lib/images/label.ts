/** The white name label at the foot of a square image, its text fitted by an estimated width. */
import { esc, FONT, type Palette, r1 } from './svg.ts';

/** Approximate advance widths (em) of Liberation Sans Bold. */
function textWidth(s: string, size: number): number {
  let w = 0;
  for (const ch of s) {
    if ("iljtfI.,:;'| !".includes(ch)) w += 0.3;
    else if ('r-()1'.includes(ch)) w += 0.42;
    else if ('mwMW'.includes(ch)) w += 0.9;
    else if (ch >= 'A' && ch <= 'Z') w += 0.72;
    else w += 0.6;
  }
  return w * size;
}

/** Greedy word wrap into at most maxLines lines, or null when it does not fit. */
export function wrap(text: string, size: number, maxWidth: number, maxLines: number): string[] | null {
  const words = text.split(/\s+/);
  const lines: string[] = [];
  let cur = '';
  for (const word of words) {
    const next = cur ? `${cur} ${word}` : word;
    if (textWidth(next, size) <= maxWidth) cur = next;
    else {
      if (!cur) return null;
      lines.push(cur);
      cur = word;
      if (textWidth(cur, size) > maxWidth) return null;
    }
  }
  if (cur) lines.push(cur);
  return lines.length <= maxLines ? lines : null;
}

/** A white label at the bottom of an 800x800 canvas: small caption, then the name. */
export function label(title: string, caption: string, pal: Palette, subtitle?: string): string {
  const maxWidth = 650;
  let size = 52;
  let lines: string[] | null = null;
  const maxLines = subtitle ? 1 : 2;
  for (size = 52; size >= 30; size -= 2) {
    lines = wrap(title, size, maxWidth, maxLines);
    if (lines) break;
  }
  if (!lines) lines = [title];
  const rows = lines.length + (subtitle ? 1 : 0);
  const lineH = size * 1.15;
  const boxH = 58 + rows * lineH + 26;
  const top = 800 - 36 - boxH;
  let y = top + 54;
  const out = [
    `<rect x="36" y="${r1(top + 8)}" width="728" height="${r1(boxH)}" rx="30" fill="#000000" opacity=".10"/>`,
    `<rect x="36" y="${r1(top)}" width="728" height="${r1(boxH)}" rx="30" fill="#ffffff" opacity=".94"/>`,
    `<text x="400" y="${r1(y)}" font-family="${FONT}" font-weight="700" font-size="24" letter-spacing="4" fill="${pal.accent}" text-anchor="middle">${esc(caption.toUpperCase())}</text>`,
  ];
  y += 12;
  for (const line of lines) {
    y += lineH;
    out.push(
      `<text x="400" y="${r1(y - size * 0.18)}" font-family="${FONT}" font-weight="700" font-size="${size}" fill="#111827" text-anchor="middle">${esc(line)}</text>`,
    );
  }
  if (subtitle) {
    y += lineH;
    out.push(
      `<text x="400" y="${r1(y - size * 0.2)}" font-family="${FONT}" font-size="${Math.round(size * 0.78)}" fill="#374151" text-anchor="middle">${esc(subtitle)}</text>`,
    );
  }
  return out.join('\n');
}
