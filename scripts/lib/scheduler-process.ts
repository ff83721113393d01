/**
 * `npm start`'s scheduler as a process of its own (startLocalScheduler in scheduler.ts), so it is
 * started and stopped like the shop's other parts (stack.ts): Miniflare ends the process it runs in
 * on SIGINT and SIGTERM, which in `npm start` itself would cut short the stopping of the rest.
 * Reads SHOP_URL, SCHEDULER_SECRET, SCHEDULER_BUILD_DIR and SCHEDULER_LOG from its environment.
 */
import { startLocalScheduler } from './scheduler.ts';

const need = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must be set`);
  return value;
};

const scheduler = await startLocalScheduler({
  shopUrl: need('SHOP_URL'),
  secret: need('SCHEDULER_SECRET'),
  buildDir: need('SCHEDULER_BUILD_DIR'),
  ...(process.env.SCHEDULER_LOG ? { logFile: process.env.SCHEDULER_LOG } : {}),
});
console.log(`The scheduler fires on ${scheduler.crons.join(', ')} (UTC).`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void scheduler.stop().then(() => process.exit(0)));
