// Adapter only: see src/server/pages.ts.
import { type PagesContext, productPage } from '../../src/server/pages.ts';

export const onRequest = (context: PagesContext) => productPage(context);
