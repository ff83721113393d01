import { createSite } from '../../src/server/site.ts';

/**
 * The Worker's router as functions/worker.ts builds it, with Astro's renderer stood in for (it runs
 * only in the Worker's bundle): what the Node tests walk and ask. A page Astro would render answers 501.
 */
export const site = createSite(async () => new Response('Astro renders this page in the Worker', { status: 501 }));
