/**
 * Build-time site images for the home page: the active image of each home location as the
 * database had it (the first HTML), and the built-in default (the seeded files under
 * public/images/site/) for a location without one. The island refreshes both from the API.
 */
import { createNodeDb } from '../../db/client.server.ts';
import { HOME_LOCATIONS } from '../../db/site-image-values.ts';
import { listActiveSiteImages } from '../catalog/catalog.server.ts';
import { seedSiteImages } from '../catalog/seed/site-images-data.ts';
import { type HomeImageSlot, imageForHomeLocation, toShownImage } from './home-images.ts';

export type HomeLocation = (typeof HOME_LOCATIONS)[number];

let loaded: Promise<Record<HomeLocation, HomeImageSlot>> | undefined;

export function loadHomeImages(): Promise<Record<HomeLocation, HomeImageSlot>> {
  loaded ??= (async () => {
    const { db, close } = createNodeDb();
    try {
      const active = await listActiveSiteImages(db);
      const entries = HOME_LOCATIONS.map((location): [HomeLocation, HomeImageSlot] => {
        const found = imageForHomeLocation(active, location);
        const seeded = seedSiteImages.find((s) => s.location === location);
        return [
          location,
          {
            initial: found ? toShownImage(found) : null,
            fallback: seeded ? toShownImage(seeded) : null,
          },
        ];
      });
      return Object.fromEntries(entries) as Record<HomeLocation, HomeImageSlot>;
    } finally {
      close();
    }
  })();
  return loaded;
}
