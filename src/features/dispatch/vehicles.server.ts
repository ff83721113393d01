/** D40: vehicles as data. Each write is one statement; the plate's unique index decides duplicates. */
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { violatesUnique } from '../../db/error-text.ts';
import { vehicles } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { VehicleInput, VehicleUpdate } from './vehicles.schema.ts';
import type { AdminVehicle } from './vehicles.ts';

const columns = {
  id: vehicles.id,
  make: vehicles.make,
  model: vehicles.model,
  colour: vehicles.colour,
  plate: vehicles.plate,
  registrationState: vehicles.registrationState,
  active: vehicles.active,
};

/** Every vehicle, the active ones first, by make and model. */
export async function listVehicles(db: Db): Promise<AdminVehicle[]> {
  return db.select(columns).from(vehicles).orderBy(desc(vehicles.active), asc(vehicles.make), asc(vehicles.model), asc(vehicles.id));
}

/** The 409 for a plate already on another vehicle (the index is on state and plate). */
function plateTaken(err: unknown, input: { plate?: string | undefined; registrationState?: string | undefined }): never {
  if (violatesUnique(err, 'vehicles.registration_state, vehicles.plate')) {
    const message = `Another vehicle already has the plate ${input.registrationState ?? ''} ${input.plate ?? ''}`
      .replace(/\s+/g, ' ')
      .trim();
    throw new HttpError(409, 'duplicate_plate', `${message}.`, { plate: `${message}.` });
  }
  throw err;
}

export async function createVehicle(db: Db, input: VehicleInput): Promise<AdminVehicle> {
  try {
    const [row] = await db.insert(vehicles).values(input).returning(columns);
    if (!row) throw new Error('Could not save the vehicle');
    return row;
  } catch (err) {
    plateTaken(err, input);
  }
}

/** Changes the fields sent (404 for an unknown vehicle). Deactivating keeps the vehicle on the runs it has. */
export async function updateVehicle(db: Db, id: number, input: VehicleUpdate): Promise<AdminVehicle> {
  let row: AdminVehicle | undefined;
  try {
    [row] = await db
      .update(vehicles)
      .set({ ...input, updatedAt: Date.now() })
      .where(eq(vehicles.id, id))
      .returning(columns);
  } catch (err) {
    // The message names the plate as it would read: the other half may be the vehicle's own.
    const [current] = await db.select(columns).from(vehicles).where(eq(vehicles.id, id));
    plateTaken(err, { plate: input.plate ?? current?.plate, registrationState: input.registrationState ?? current?.registrationState });
  }
  if (!row) throw new HttpError(404, 'not_found', 'We could not find this vehicle.');
  return row;
}
