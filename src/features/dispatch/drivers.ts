/** D30: a driver as the staff screens show it. */

export interface AdminDriver {
  id: number;
  name: string;
  phone: string;
  active: boolean;
  /** The e-mail of the staff account (role driver) the driver signs in with, or null. */
  email: string | null;
  /** Deliveries given to the driver and not yet out, delivered or failed. */
  openDeliveries: number;
}

/** The words for a driver who cannot take new deliveries (D30: an inactive driver gets none). */
export const inactiveDriverMessage = (name: string): string =>
  `${name} is not active. Make the driver active again, or choose another driver.`;
