// The bench's floor (scripts/bench.ts): a Pages function that does no work at all, compiled by
// wrangler and run in workerd exactly like the shop's. Loaded the same way, it shows the best any
// handler could do on the machine: the Pages template, the runtime and the load generator alone.
export const onRequest = () => new Response('{"ok":true}', { headers: { 'Content-Type': 'application/json' } });
