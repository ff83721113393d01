/** D40: a vehicle as the staff screens, the manifest and Metrc's delivery report name it. */

/**
 * Where a plate may be registered: the 50 states, DC and the five inhabited territories, by their
 * postal codes. A delivery car is often registered outside the three states the shop serves (a
 * driver's own car from Pennsylvania), so the list is every US registration, not US_STATES.
 */
export const US_POSTAL_CODES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
  'AS',
  'GU',
  'MP',
  'PR',
  'VI',
] as const;
export type UsPostalCode = (typeof US_POSTAL_CODES)[number];

export interface AdminVehicle {
  id: number;
  make: string;
  model: string;
  colour: string;
  /** As the plate reads, letters and digits only, upper case ('1AB2345'). */
  plate: string;
  registrationState: string;
  active: boolean;
}

/** 'Toyota Prius, grey': what a list of vehicles and a run's card say. */
export function vehicleLabel(v: Pick<AdminVehicle, 'make' | 'model' | 'colour'>): string {
  return `${v.make} ${v.model}${v.colour ? `, ${v.colour}` : ''}`;
}

/** 'MD 1AB2345'. */
export const plateText = (v: Pick<AdminVehicle, 'plate' | 'registrationState'>): string => `${v.registrationState} ${v.plate}`;

/** The words for a vehicle that cannot take a new run. */
export const inactiveVehicleMessage = (v: Pick<AdminVehicle, 'make' | 'model' | 'plate' | 'registrationState'>): string =>
  `The ${v.make} ${v.model} (${plateText(v)}) is not active. Make it active again, or choose another vehicle.`;
