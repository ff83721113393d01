// Adapter only: every request Pages sends to the functions (dist/_routes.json) goes to
// src/server/site.ts, which routes it once (DESIGN: no logic in functions/).
import { handleSite, type SiteContext } from '../src/server/site.ts';

export const onRequest = (context: SiteContext) => handleSite(context);
