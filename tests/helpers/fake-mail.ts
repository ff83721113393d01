import { createServer, type Server } from 'node:http';

export interface FakeMailServer {
  url: string;
  received: { authorization: string | undefined; body: { from: string; to: string; subject: string; text: string } }[];
  /** Answer the next N requests with this status (to test failures). */
  failNext: (n: number, status?: number) => void;
  close: () => Promise<void>;
}

/** A stand-in for the HTTP e-mail provider on 127.0.0.1 (the only third party we fake). */
export async function startFakeMailServer(): Promise<FakeMailServer> {
  const received: FakeMailServer['received'] = [];
  let failures = 0;
  let failStatus = 500;
  const server: Server = createServer((req, res) => {
    let data = '';
    req.on('data', (c: Buffer) => {
      data += c.toString();
    });
    req.on('end', () => {
      if (failures > 0) {
        failures--;
        res.writeHead(failStatus, { 'content-type': 'application/json' }).end('{"message":"provider down"}');
        return;
      }
      received.push({ authorization: req.headers.authorization, body: JSON.parse(data) });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: `msg_${received.length}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/emails`,
    received,
    failNext: (n, status = 500) => {
      failures = n;
      failStatus = status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
