import { createServer, type Server } from 'node:http';

/** A message as the provider's API takes it. */
export interface SentMail {
  from: string;
  to: string;
  subject: string;
  text: string;
}

export interface FakeMailServer {
  url: string;
  received: { authorization: string | undefined; body: SentMail }[];
  /** What it was sent and answered with a failure: never delivered. */
  refused: SentMail[];
  /**
   * Answer the next N requests with this status (to test failures); with `quote`, the answer
   * quotes the message's text back, as some providers' validation errors do.
   */
  failNext: (n: number, status?: number, quote?: boolean) => void;
  close: () => Promise<void>;
}

/**
 * A stand-in for the HTTP e-mail provider on 127.0.0.1 (the only third party we fake). A GET of its
 * url answers what it received (receivedBy) and a PUT sets failNext (failNextAt), for a test in
 * another process than the server.
 */
export async function startFakeMailServer(): Promise<FakeMailServer> {
  const received: FakeMailServer['received'] = [];
  const refused: SentMail[] = [];
  let failures = 0;
  let failStatus = 500;
  let failQuoting = false;
  const server: Server = createServer((req, res) => {
    let data = '';
    req.on('data', (c: Buffer) => {
      data += c.toString();
    });
    req.on('end', () => {
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received.map((r) => r.body)));
        return;
      }
      if (req.method === 'PUT') {
        const { failNext = 0 } = JSON.parse(data || '{}') as { failNext?: number };
        failures = failNext;
        failStatus = 500;
        failQuoting = false;
        res.writeHead(204).end();
        return;
      }
      if (failures > 0) {
        failures--;
        refused.push(JSON.parse(data));
        const answer = failQuoting ? { text: (JSON.parse(data) as SentMail).text, message: 'provider down' } : { message: 'provider down' };
        res.writeHead(failStatus, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
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
    refused,
    failNext: (n, status = 500, quote = false) => {
      failures = n;
      failStatus = status;
      failQuoting = quote;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** What the fake provider at `url` received, oldest first, asked over HTTP. */
export async function receivedBy(url: string): Promise<SentMail[]> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`The fake mail provider answered ${res.status}`);
  return (await res.json()) as SentMail[];
}

/** Makes the fake provider at `url` fail its next `n` sends, asked over HTTP. */
export async function failNextAt(url: string, n: number): Promise<void> {
  const res = await fetch(url, { method: 'PUT', body: JSON.stringify({ failNext: n }) });
  if (!res.ok) throw new Error(`The fake mail provider answered ${res.status}`);
}
