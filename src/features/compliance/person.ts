/**
 * D39: who bought, for a day's limits. A person is known at checkout by their phone and their
 * e-mail, each normalised so that the same phone typed two ways, or the same inbox with another
 * case or a +tag, is the same person. Migration 0021 filled earlier orders with the same rule.
 */

/** The phone's digits, without the leading US country code 1: '+1 (301) 555-0100' -> '3015550100'. */
export function phoneKey(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** The e-mail trimmed, lowercased and without a +tag: ' Ada+Shop@Example.com' -> 'ada@example.com'. */
export function emailKey(email: string): string {
  const e = email.trim().toLowerCase();
  const at = e.indexOf('@');
  const plus = e.indexOf('+');
  return plus >= 0 && plus < at ? e.slice(0, plus) + e.slice(at) : e;
}
