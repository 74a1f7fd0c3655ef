import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the proxy does to a JSON-RPC method: answer an HTTP 503 (a node down), `null` (a node
 * behind), or `hang`: hold the request unanswered until `heal()` (a node that accepts and stalls).
 */
type Fault = 'fail' | 'null' | 'hang';

interface RpcCall {
  id: unknown;
  method: string;
  params?: unknown[];
}

/**
 * A JSON-RPC proxy in front of a real node that fails on demand, for tests of a node that is
 * down, lagging or flaky. Its URL carries a fake API key in the path, as hosted RPC URLs do, so
 * tests can prove the key never reaches a log.
 */
export interface RpcProxy {
  url: string;
  apiKey: string;
  /** Every call (no methods given) or calls of these methods fail or answer null until `heal()`. */
  fault(kind: Fault, methods?: string[]): void;
  /** `eth_getTransactionReceipt` answers null for these hashes (a node that has not seen them). */
  hideReceipts(hashes: string[]): void;
  heal(): void;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startRpcProxy(upstream: string): Promise<RpcProxy> {
  const apiKey = `test-api-key-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
  let faults = new Map<string, Fault>();
  let everything: Fault | null = null;
  let hidden = new Set<string>();
  let stalled: (() => void)[] = [];

  const faultOf = (call: RpcCall): Fault | null => {
    if (everything) return everything;
    if (call.method === 'eth_getTransactionReceipt' && hidden.has(String(call.params?.[0]).toLowerCase()))
      return 'null';
    return faults.get(call.method) ?? null;
  };

  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const parsed = JSON.parse(body) as RpcCall | RpcCall[];
      const calls = Array.isArray(parsed) ? parsed : [parsed];
      if (calls.some((call) => faultOf(call) === 'hang')) {
        await new Promise<void>((resume) => stalled.push(resume));
      }
      if (calls.some((call) => faultOf(call) === 'fail')) {
        response.writeHead(503, { 'content-type': 'text/plain' }).end('upstream unavailable');
        return;
      }
      const answers = await Promise.all(
        calls.map(async (call) => {
          if (faultOf(call) === 'null') return { jsonrpc: '2.0', id: call.id, result: null };
          const forwarded = await fetch(upstream, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(call),
          });
          return forwarded.json();
        }),
      );
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(Array.isArray(parsed) ? answers : answers[0]));
    })().catch(() => response.writeHead(502).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v2/${apiKey}`,
    apiKey,
    fault(kind, methods) {
      if (!methods) everything = kind;
      else for (const method of methods) faults.set(method, kind);
    },
    hideReceipts(hashes) {
      for (const hash of hashes) hidden.add(hash.toLowerCase());
    },
    heal() {
      faults = new Map();
      everything = null;
      hidden = new Set();
      for (const resume of stalled) resume();
      stalled = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const resume of stalled) resume();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
