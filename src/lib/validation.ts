import * as v from 'valibot';

/** Field name -> first message, from valibot issues (the API's `fields`, and the forms' errors). */
export function issuesToFields(issues: readonly v.BaseIssue<unknown>[], fallbackField = 'input'): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? fallbackField;
    fields[key] ??= issue.message;
  }
  return fields;
}
