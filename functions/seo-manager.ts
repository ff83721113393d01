// Adapter only: admin pages need a session (src/server/pages.ts).
import { adminPage, type PagesContext } from '../src/server/pages.ts';

export const onRequest = (context: PagesContext) => adminPage(context);
