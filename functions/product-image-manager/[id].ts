// Adapter only: one product's image manager, served by the /product-image-manager shell (src/server/pages.ts).
import { adminPage, type PagesContext } from '../../src/server/pages.ts';

export const onRequest = (context: PagesContext) => adminPage(context, '/product-image-manager');
