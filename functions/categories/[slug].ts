// Adapter only: see src/server/catalog-pages.ts.
import { categoryPage, type StaticPageContext } from '../../src/server/catalog-pages.ts';

export const onRequest = (context: StaticPageContext) => categoryPage(context);
