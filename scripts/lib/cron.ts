/**
 * Cron expressions as Cloudflare's Cron Triggers read them (five fields, UTC), for `npm start`'s
 * local scheduler: which minutes an expression names. Numbers, `*`, ranges, lists and steps; the
 * names and the L, W and # forms Cloudflare also takes are refused with a message, so an
 * expression the local run cannot follow stops it instead of being run on another schedule.
 */

interface Field {
  name: string;
  min: number;
  max: number;
}

const FIELDS: readonly Field[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12 },
  // 7 is Sunday as well as 0.
  { name: 'day of week', min: 0, max: 7 },
];

export interface Cron {
  expression: string;
  /** Each field's allowed values, in FIELDS order. */
  values: ReadonlySet<number>[];
  /** Whether day of month and day of week were each restricted (not `*`): then either may match. */
  domRestricted: boolean;
  dowRestricted: boolean;
}

function parseField(text: string, field: Field, expression: string): Set<number> {
  const values = new Set<number>();
  const bad = (why: string) => new Error(`Cron "${expression}": the ${field.name} field "${text}" ${why}`);
  for (const item of text.split(',')) {
    const m = /^(\*|\d+)(?:-(\d+))?(?:\/(\d+))?$/.exec(item);
    if (!m) throw bad('is not a number, *, a range, a list or a step (the local scheduler takes only those)');
    const [, start = '', end, step] = m;
    const from = start === '*' ? field.min : Number(start);
    const to = start === '*' ? field.max : end !== undefined ? Number(end) : step !== undefined ? field.max : from;
    const by = step !== undefined ? Number(step) : 1;
    if (from < field.min || to > field.max || from > to || by < 1) throw bad(`is outside ${field.min}-${field.max}`);
    for (let v = from; v <= to; v += by) values.add(field.name === 'day of week' && v === 7 ? 0 : v);
  }
  return values;
}

export function parseCron(expression: string): Cron {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== FIELDS.length)
    throw new Error(`Cron "${expression}" must have 5 fields: minute hour day-of-month month day-of-week`);
  return {
    expression,
    values: parts.map((p, i) => parseField(p, FIELDS[i] as Field, expression)),
    domRestricted: parts[2] !== '*',
    dowRestricted: parts[4] !== '*',
  };
}

/** Whether the cron names the UTC minute of `at`. */
export function cronMatches(cron: Cron, at: Date): boolean {
  const [minute, hour, dom, month, dow] = cron.values as [Set<number>, Set<number>, Set<number>, Set<number>, Set<number>];
  if (!minute.has(at.getUTCMinutes()) || !hour.has(at.getUTCHours()) || !month.has(at.getUTCMonth() + 1)) return false;
  const domOk = dom.has(at.getUTCDate());
  const dowOk = dow.has(at.getUTCDay());
  // As in cron: with both day fields restricted, a day that matches either one runs.
  if (cron.domRestricted && cron.dowRestricted) return domOk || dowOk;
  return domOk && dowOk;
}

/** The first whole minute after `after` (epoch ms) the cron names; within a year, or an error. */
export function nextCronTime(cron: Cron, after: number): number {
  const MINUTE = 60_000;
  let t = Math.floor(after / MINUTE) * MINUTE + MINUTE;
  for (let i = 0; i < 366 * 24 * 60; i++, t += MINUTE) if (cronMatches(cron, new Date(t))) return t;
  throw new Error(`Cron "${cron.expression}" names no minute within a year`);
}
