/** D38: the admin's change to a state's rules, checked field by field. */
import * as v from 'valibot';
import { LIMIT_SCOPES, STATE_RULES, STATE_SALES, TAX_BASES } from '../../db/state-values.ts';
import { isDate } from './windows.ts';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const text = (what: string, max: number) =>
  v.pipe(v.string(`Enter ${what}`), v.trim(), v.nonEmpty(`Enter ${what}`), v.maxLength(max, `${what} must be at most ${max} characters`));
const DateInput = v.pipe(v.string('Enter a date as YYYY-MM-DD'), v.check(isDate, 'Enter a real date as YYYY-MM-DD'));

export const StateCode = v.pipe(v.string(), v.regex(/^[A-Z]{2}$/, 'A state is its two-letter code'));

const TaxLineInput = v.strictObject({
  name: text('a name for the tax', 100),
  /** Percent with up to two decimals (12, 10.25), stored as basis points. */
  percent: v.pipe(
    v.number('Enter the tax as a percent'),
    v.minValue(0, 'A tax is 0 % or more'),
    v.maxValue(100, 'A tax is at most 100 %'),
    v.check((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, 'Use at most two decimals'),
  ),
  appliesTo: v.picklist(TAX_BASES, 'Choose goods, fee or both'),
});

const RuleSourceInput = v.strictObject({
  source: text('where the rule comes from', 1000),
  checkedOn: DateInput,
  toConfirm: v.boolean('Say whether the rule still waits to be confirmed'),
});

export const StatePatch = v.pipe(
  v.strictObject(
    {
      name: v.optional(text('the state’s name', 60)),
      sales: v.optional(v.picklist(STATE_SALES, 'Choose adult, patients or closed')),
      opensOn: v.optional(v.nullable(DateInput)),
      taxes: v.optional(v.pipe(v.array(TaxLineInput, 'Taxes are a list'), v.maxLength(10, 'At most 10 tax lines'))),
      limitScope: v.optional(v.picklist(LIMIT_SCOPES, 'Choose order or day')),
      deliveryStart: v.optional(v.pipe(v.string(), v.regex(TIME, 'Enter the start as HH:mm, New York time'))),
      deliveryEnd: v.optional(v.pipe(v.string(), v.regex(TIME, 'Enter the end as HH:mm, New York time'))),
      // D40: the shop's licence number in the state's Metrc; '' clears it (reports then wait).
      metrcLicense: v.optional(
        v.pipe(
          v.string('Enter the Metrc licence number'),
          v.trim(),
          v.maxLength(60, 'A licence number is at most 60 characters'),
          v.regex(/^[A-Za-z0-9-]*$/, 'Enter the licence number as Metrc prints it: letters, digits and dashes'),
        ),
      ),
      sources: v.optional(
        v.partial(
          v.strictObject(
            Object.fromEntries(STATE_RULES.map((r) => [r, RuleSourceInput])) as Record<
              (typeof STATE_RULES)[number],
              typeof RuleSourceInput
            >,
          ),
        ),
      ),
    },
    'A state has name, sales, opensOn, taxes, limitScope, deliveryStart, deliveryEnd, metrcLicense and sources; nothing else',
  ),
  v.check((p) => Object.keys(p).length > 0, 'Change at least one field'),
);
export type StatePatch = v.InferOutput<typeof StatePatch>;
