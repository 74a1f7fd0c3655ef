import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { ErrorCode } from '@kpc/shared';

/**
 * Several whole server processes (testing/server-process.ts) on one database, for tests that kill
 * them, and a client that behaves as the member app does when a process dies under it: the same
 * request, with the same request id, goes to the next process until one answers.
 */

const SCRIPT = fileURLToPath(new URL('./server-process.ts', import.meta.url));
const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  readonly port: number;
  /** stdout and stderr so far, for the failure message of a process that did not start. */
  output(): string;
  /** SIGKILL: no shutdown hook runs, connections and transactions are cut where they are. */
  kill(): Promise<void>;
  /** Starts it again on the same port and waits until /health answers. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitForHealth(port: number, output: () => string, seconds = 90): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    const healthy = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(2000) })
      .then((response) => response.status < 500)
      .catch(() => false);
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server on port ${port} did not start within ${seconds} s:\n${output()}`);
}

/** Starts one server process with `env` over this process's environment; resolves once it answers. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  let log = '';
  const launch = async () => {
    // node itself with tsx as a loader (not the tsx wrapper): the signal reaches the server.
    child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
      cwd: SERVER_DIR,
      env: { ...process.env, ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const append = (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-20_000);
    };
    child.stdout?.on('data', append);
    child.stderr?.on('data', append);
    await waitForHealth(port, () => log);
  };
  const kill = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await launch();
  return { port, output: () => log, kill, restart: launch, stop: kill };
}

export type Outcome =
  | { kind: 'answered'; code: number; data: any; port: number; attempts: number }
  | { kind: 'gave-up'; attempts: number; last: string };

/**
 * POSTs as the member app does, starting at process `first`; a refused connection, a cut one, a
 * 5xx or SERVICE_BUSY is retried unchanged on the next process (a member's app retries with the
 * same request id), anything else is the answer.
 */
export async function callFleet(
  ports: readonly number[],
  first: number,
  path: string,
  body: unknown,
  headers: Record<string, string>,
  attempts = 60,
): Promise<Outcome> {
  let last = '';
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const port = ports[(first + attempt) % ports.length]!;
    try {
      const response = await fetch(`http://127.0.0.1:${port}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', language: 'en_US', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      const parsed = (await response.json()) as { code: number; data: unknown };
      if (response.status < 500 && parsed.code !== ErrorCode.SERVICE_BUSY) {
        return { kind: 'answered', code: parsed.code, data: parsed.data, port, attempts: attempt + 1 };
      }
      last = `${response.status} ${parsed.code}`;
    } catch (error) {
      last = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return { kind: 'gave-up', attempts, last };
}
