/**
 * The parts of the day a delivery window belongs to (§9, D36). Apart from windows.ts, which needs
 * New York time (ny-time), so that the islands that only name a part need not load it.
 */
export const PARTS_OF_DAY = ['morning', 'afternoon', 'evening'] as const;
export type PartOfDay = (typeof PARTS_OF_DAY)[number];

/** The spec's labels (§9), kept for the part of the day a window starts in. */
export const PART_LABELS: Record<PartOfDay, string> = { morning: 'Morning', afternoon: 'Afternoon', evening: 'Evening' };

/** A window starting before noon is a morning window, before 5 PM an afternoon one (the spec's hours). */
export function partOfDay(startMinute: number): PartOfDay {
  if (startMinute < 12 * 60) return 'morning';
  if (startMinute < 17 * 60) return 'afternoon';
  return 'evening';
}
