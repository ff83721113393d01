/**
 * What a test file asks of the run's stack service (stack-service.ts): the resources it shares with
 * the other files of its run, or of its vitest worker (its slot).
 */
import { inject } from 'vitest';
import type { E2eStack, StackResources } from './stack-service.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The stack service's address, given by the workers and e2e global setups. */
    stackService: string;
  }
}

/** This file's vitest worker, 1..maxWorkers: files of one slot run one after another. */
const slot = (): number => Number(process.env.VITEST_POOL_ID ?? '1');

const asked = new Map<string, Promise<unknown>>();

function ask<K extends keyof StackResources>(kind: K, perSlot: boolean): Promise<StackResources[K]> {
  const resource = perSlot ? `${kind}/${slot()}` : kind;
  let found = asked.get(resource) as Promise<StackResources[K]> | undefined;
  if (!found) {
    found = (async () => {
      const service = inject('stackService');
      if (!service) throw new Error(`No stack service in this project: its global setup must start one (asked for ${resource}).`);
      const res = await fetch(`${service}/${resource}`);
      const body = (await res.json()) as StackResources[K] | { error: string };
      if (!res.ok) throw new Error(`The stack service could not make ${resource}:\n${(body as { error: string }).error}`);
      return body as StackResources[K];
    })();
    asked.set(resource, found);
  }
  return found;
}

/** This worker's stack for the browser journeys: the site and API as `npm start` serves them. */
export const e2eStack = (): Promise<E2eStack> => ask('e2e', true);

/** The run's seeded database and the build made from it, for a test that serves a copy (stack.ts). */
export const siteTemplate = () => ask('site', false);

/** The seeded sqld this worker's workers tests share. */
export const workersDbUrl = async (): Promise<string> => (await ask('workers-db', true)).url;

/** This worker's chromium, when the run has a stack service to keep one. */
export async function sharedBrowserEndpoint(): Promise<string | undefined> {
  if (!inject('stackService')) return undefined;
  return (await ask('browser', true)).wsEndpoint;
}
