import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP receiver for export tests: answers each request with the next status of a
 * script (the last one repeats), records headers and bodies, and — like a real ERP import —
 * accepts a file only once per Idempotency-Key.
 */
export interface Received {
  headers: IncomingHttpHeaders;
  body: Buffer;
  status: number;
}

export interface TestReceiver {
  url: string;
  requests: Received[];
  /** Bodies accepted with 2xx, one per idempotency key. */
  delivered: Map<string, Buffer>;
  setScript(statuses: number[]): void;
  close(): Promise<void>;
}

export async function startReceiver(statuses: number[] = [200]): Promise<TestReceiver> {
  let script = [...statuses];
  const requests: Received[] = [];
  const delivered = new Map<string, Buffer>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const status = script.length > 1 ? script.shift()! : (script[0] ?? 200);
      const body = Buffer.concat(chunks);
      requests.push({ headers: req.headers, body, status });
      const key = String(req.headers['idempotency-key'] ?? '');
      if (status >= 200 && status < 300 && !delivered.has(key)) delivered.set(key, body);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: status < 300 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/erp/import`,
    requests,
    delivered,
    setScript(next) {
      script = [...next];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
