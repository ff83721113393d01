/** A product's badges (deal, new, …) over the corner of its picture. */
export default function ProductBadges({ badges, className }: { badges: readonly string[]; className: string }) {
  if (badges.length === 0) return null;
  return (
    <ul className={className}>
      {badges.map((b) => (
        <li key={b} className="rounded-full bg-brand-800 px-2 py-0.5 font-semibold text-white text-xs">
          {b}
        </li>
      ))}
    </ul>
  );
}
