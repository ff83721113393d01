import { createServer, type Server } from 'node:http';

export interface FakeDeployHook {
  url: string;
  /** When each POST arrived (epoch ms). */
  calls: number[];
  /** Answer the next N calls with this status (to test failures). */
  failNext: (n: number, status?: number) => void;
  close: () => Promise<void>;
}

/** A stand-in for a Cloudflare Pages deploy hook on 127.0.0.1: it counts the POSTs it gets. */
export async function startFakeDeployHook(): Promise<FakeDeployHook> {
  const calls: number[] = [];
  let failures = 0;
  let failStatus = 500;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method !== 'POST') {
        res.writeHead(405).end();
        return;
      }
      calls.push(Date.now());
      if (failures > 0) {
        failures--;
        res.writeHead(failStatus, { 'content-type': 'application/json' }).end('{"success":false}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true,"result":{"id":"build"}}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/deploy-hook`,
    calls,
    failNext: (n, status = 500) => {
      failures = n;
      failStatus = status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
