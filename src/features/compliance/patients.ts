/**
 * D39: a patients-only state (D38) sells only to a registered medical patient or caregiver. The
 * shopper gives the registry number and its expiry date at checkout; the order keeps them and the
 * driver checks the card against them at the door. Pure: the form and the server decide alike.
 */

/** A registry number as printed: 4 to 30 letters, digits or dashes. */
export const REGISTRY_ID_PATTERN = /^[A-Za-z0-9-]{4,30}$/;

export interface PatientInput {
  id: string;
  expiresOn: string;
}

export const PATIENT_MESSAGES = {
  id: 'Enter your medical cannabis registry number',
  expiresOn: 'Enter the expiry date on your registry card',
  expired: 'Your registry card has expired. We can deliver only to a patient or caregiver with a current registration.',
} as const;

/**
 * Why a patients-only state's order cannot go ahead on the New York date `today` (the field and its
 * sentence), or null when the registration is given and current. A card valid through its expiry
 * date is current on that date.
 */
export function patientRefusal(
  patient: Partial<PatientInput> | null | undefined,
  today: string,
): { field: 'patientId' | 'patientExpiresOn'; message: string } | null {
  if (!patient?.id || !REGISTRY_ID_PATTERN.test(patient.id)) return { field: 'patientId', message: PATIENT_MESSAGES.id };
  if (!patient.expiresOn) return { field: 'patientExpiresOn', message: PATIENT_MESSAGES.expiresOn };
  if (patient.expiresOn < today) return { field: 'patientExpiresOn', message: PATIENT_MESSAGES.expired };
  return null;
}
