/**
 * D39: how staff screens show a patient's registration, the number and its expiry date an order
 * recorded at checkout. Pure, and in orders rather than admin so the server that answers the
 * admin's lists can mask with it (decision 0019: a rule two layers want lives in the lower one).
 */

/**
 * A registry number as lists show it, everything but its last 4 characters hidden ("•••• 7421").
 * A list is read over a shoulder, searched and left open; the last 4 are enough to tell two
 * patients' orders apart. A number of 4 characters or fewer is hidden whole, as its last 4 would be
 * all of it. The whole number is only in one order's own view, where staff check it against the
 * patient's card.
 */
export function maskRegistryId(id: string): string {
  const mask = '••••';
  return id.length > 4 ? `${mask} ${id.slice(-4)}` : mask;
}

/** "Expires 2027-03-31", or "Expired 2027-03-31" once the New York date `today` is past it: a card is valid through its date. */
export function patientExpiryText(expiresOn: string | null, today: string): string {
  if (!expiresOn) return 'Expiry not recorded';
  return expiresOn < today ? `Expired ${expiresOn}` : `Expires ${expiresOn}`;
}
