import { createServer, type Server, type ServerResponse } from 'node:http';

/** A 1x1 PNG: the smallest answer that is really an image. */
export const TINY_PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** How the fake answers one request. */
export type FakeReply =
  | { json: unknown } // chat: a completion whose message content is this JSON
  | { content: string } // chat: this exact message content (e.g. not JSON)
  | { b64: string } // images: this base64 image
  | { status: number; body?: string } // an HTTP error
  | { hang: true }; // never answers (the client's timeout must fire)

export interface FakeRequest {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

export interface FakeOpenAi {
  /** The base URL to give OPENAI_BASE_URL (ends in /v1). */
  url: string;
  requests: FakeRequest[];
  /** Decides every chat completion's answer from its request. */
  onChat: (handler: (body: Record<string, unknown>) => FakeReply) => void;
  /** Decides every image generation's answer (default: a valid PNG). */
  onImage: (handler: (body: Record<string, unknown>) => FakeReply) => void;
  close: () => Promise<void>;
}

/** A stand-in for an OpenAI-compatible service on 127.0.0.1, so the real `openai` client runs. */
export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const requests: FakeRequest[] = [];
  let chat: (body: Record<string, unknown>) => FakeReply = () => ({ status: 500, body: '{"error":{"message":"no chat handler"}}' });
  let image: (body: Record<string, unknown>) => FakeReply = () => ({ b64: TINY_PNG_BASE64 });
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    let data = '';
    req.on('data', (c: Buffer) => {
      data += c.toString();
    });
    req.on('end', () => {
      const body = data ? (JSON.parse(data) as Record<string, unknown>) : {};
      const path = req.url ?? '';
      requests.push({ path, authorization: req.headers.authorization, body });
      const isChat = path.endsWith('/chat/completions');
      const isImage = path.endsWith('/images/generations');
      if (!isChat && !isImage) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
        return;
      }
      const reply = isChat ? chat(body) : image(body);
      if ('hang' in reply) {
        hanging.add(res);
        return;
      }
      if ('status' in reply) {
        res.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body ?? '{"error":{"message":"failed"}}');
        return;
      }
      const json = (value: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if ('b64' in reply) {
        json({ created: Math.floor(Date.now() / 1000), data: [{ b64_json: reply.b64 }] });
        return;
      }
      const content = 'json' in reply ? JSON.stringify(reply.json) : reply.content;
      json({
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: String(body.model ?? 'fake'),
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    onChat: (handler) => {
      chat = handler;
    },
    onImage: (handler) => {
      image = handler;
    },
    close: () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
