// Adapter only: see src/server/catalog-pages.ts.
import { type StaticPageContext, strainPage } from '../../../src/server/catalog-pages.ts';

export const onRequest = (context: StaticPageContext) => strainPage(context);
