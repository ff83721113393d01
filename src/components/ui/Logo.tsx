/**
 * The shop's mark: a leaf on a green tile. Drawn inline wherever a page shows it, not as
 * <img src="/favicon.svg">: each SVG image a page loads is a document of its own that the browser
 * parses on the main thread, while inline it is three elements of the page. The favicon file is drawn from the same shapes
 * (src/pages/favicon.svg.ts).
 */
const VIEW_BOX = '0 0 32 32';
const TILE = { width: 32, height: 32, rx: 8, fill: '#166534' } as const;
const LEAF = {
  d: 'M16 5c3 5 3 11 0 17-3-6-3-12 0-17zm-8 7c5 1 8 5 8 10-5-1-8-5-8-10zm16 0c0 5-3 9-8 10 0-5 3-9 8-10z',
  fill: '#d8f3e1',
} as const;

/** The mark as a standalone SVG file (the favicon and the business data's logo). */
export function logoSvgFile(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${VIEW_BOX}"><rect width="${TILE.width}" height="${TILE.height}" rx="${TILE.rx}" fill="${TILE.fill}"/><path d="${LEAF.d}" fill="${LEAF.fill}"/></svg>`;
}

interface Props {
  size: number;
  /** The accessible name when the mark stands alone; omitted, it is decoration beside the shop's name. */
  label?: string;
  className?: string;
}

export default function Logo({ size, label, className }: Props) {
  const frame = { xmlns: 'http://www.w3.org/2000/svg', viewBox: VIEW_BOX, width: size, height: size, className };
  const shapes = (
    <>
      <rect {...TILE} />
      <path {...LEAF} />
    </>
  );
  // Two branches rather than conditional attributes, so the linter can see the named one's title.
  return label ? (
    <svg {...frame} role="img" aria-label={label}>
      <title>{label}</title>
      {shapes}
    </svg>
  ) : (
    <svg {...frame} aria-hidden="true">
      {shapes}
    </svg>
  );
}
