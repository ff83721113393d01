/**
 * D27: text shown to shoppers or published never makes medical claims or speaks to minors. This
 * flags wording a reviewer would stop; it cannot prove text compliant, so flagged text needs an
 * admin's explicit override to be saved and is never shown to shoppers as model output.
 */
export interface ComplianceFlag {
  kind: 'medical_claim' | 'minors';
  /** The words that triggered it, as written. */
  phrase: string;
}

const MEDICAL: RegExp[] = [
  /\b(cure[sd]?|curing|curative)\b/gi,
  /\b(treat(?:s|ed|ing|ment|ments)?)\b(?!\s+yourself)/gi,
  /\b(prevent(?:s|ed|ing|ion|ive)?)\b/gi,
  /\b(heal(?:s|ed|ing)?|remed(?:y|ies)|therapeutic|diagnos\w*|prescri\w*)\b/gi,
  /\b((?:relie(?:f|ves?)\s+(?:of\s+)?)?(?:cancer|epilepsy|seizures?|ptsd|depression|anxiety disorder|glaucoma|arthritis|insomnia|chronic pain))\b/gi,
  /\b(fda[- ]approved|clinically proven|medically proven|doctor[- ]recommended)\b/gi,
];

const MINORS =
  /\b(kids?|children|child|teens?|teenagers?|minors?|youth|high[- ]school(?:ers)?|middle[- ]school|students?|under\s*(?:18|21)|cartoon|toys?)\b/gi;

/** Safety wording that names minors without speaking to them (stripped before the minors check). */
const SAFETY = [
  /\b(?:keep|store|stored|kept)\b[^.!?\n]{0,40}\b(?:away from|out of (?:the )?reach of)\s+(?:kids|children|minors|pets|kids and pets|children and pets|pets and children)\b/gi,
  /\bnot (?:for|to be used by|intended for)\s+(?:use by\s+)?(?:kids|children|minors|anyone under\s*21|persons under\s*21|people under\s*21)\b/gi,
  /\b(?:only for|for)\s+adults\s+21\s*(?:\+|and (?:over|older))?/gi,
  /\bunder\s*21\b[^.!?\n]{0,30}\b(?:may not|cannot|can't|must not|are not allowed|is illegal)/gi,
  /\b(?:illegal|unlawful)\s+(?:for|to sell to)\s+(?:anyone\s+)?(?:under\s*21|minors)/gi,
  // Packaging made so children cannot open it is a safety feature, not an address to them.
  /\bchild[- ](?:resistant|proof|safe)\b/gi,
];

/** Food wording: a "tasty treat" is not a treatment. */
const FOOD_TREAT = /\b(?:sweet|tasty|delicious|special|perfect|little|chocolate|fruity|weekend|evening)\s+treats?\b/gi;

export function checkCompliance(text: string): ComplianceFlag[] {
  const flags: ComplianceFlag[] = [];
  const seen = new Set<string>();
  const add = (kind: ComplianceFlag['kind'], phrase: string) => {
    const key = `${kind}:${phrase.toLowerCase()}`;
    if (seen.has(key)) return;
    seen.add(key);
    flags.push({ kind, phrase });
  };
  const medicalText = text.replace(FOOD_TREAT, ' ');
  for (const pattern of MEDICAL) for (const m of medicalText.matchAll(pattern)) add('medical_claim', m[1] ?? m[0]);
  let minorsText = text;
  for (const pattern of SAFETY) minorsText = minorsText.replace(pattern, ' ');
  for (const m of minorsText.matchAll(MINORS)) add('minors', m[1] ?? m[0]);
  return flags;
}

/** Every string in a structured result, so one check covers titles, lists and bodies alike. */
export function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(textsOf);
  return [];
}

export function checkAll(value: unknown): ComplianceFlag[] {
  return checkCompliance(textsOf(value).join('\n'));
}

/** One line an admin reads: what was flagged and why it matters. */
export function describeFlags(flags: readonly ComplianceFlag[]): string {
  const medical = flags.filter((f) => f.kind === 'medical_claim').map((f) => `"${f.phrase}"`);
  const minors = flags.filter((f) => f.kind === 'minors').map((f) => `"${f.phrase}"`);
  const parts: string[] = [];
  if (medical.length) parts.push(`possible medical claims (${medical.join(', ')})`);
  if (minors.length) parts.push(`wording that may speak to minors (${minors.join(', ')})`);
  return parts.length ? `This text has ${parts.join(' and ')}.` : '';
}
