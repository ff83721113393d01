/** D30: a driver as the staff screens show it. */

export interface AdminDriver {
  id: number;
  name: string;
  phone: string;
  active: boolean;
  /** The e-mail of the staff account (role driver) the driver signs in with, or null. */
  email: string | null;
  /** D40: the shop's number for the driver and their driver's licence number; '' until set. */
  employeeId: string;
  licenceNumber: string;
  /** Deliveries given to the driver and not yet out, delivered or failed. */
  openDeliveries: number;
}

/** The words for a driver who cannot take new deliveries (D30: an inactive driver gets none). */
export const inactiveDriverMessage = (name: string): string =>
  `${name} is not active. Make the driver active again, or choose another driver.`;

/** D40: what a driver lacks to take a run, or null: the manifest names both. */
export function missingRunDetails(d: { name: string; employeeId: string; licenceNumber: string }): string | null {
  const missing = [d.employeeId ? '' : 'employee ID', d.licenceNumber ? '' : "driver's licence number"].filter(Boolean);
  if (missing.length === 0) return null;
  return `${d.name} has no ${missing.join(' and no ')} yet: the manifest names both. Add them in the Drivers tab.`;
}
