import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** Every child still running, so a failure or Ctrl-C can stop them all. */
const running = new Set<NodeProcess>();

export interface NodeProcess {
  name: string;
  pid: number;
  port: number;
  url: string;
  /** The last lines the process wrote, for error messages. */
  output(): string;
  stop(): Promise<void>;
}

/** A TCP port that was free a moment ago. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/**
 * Starts `node --import tsx <script>` from `cwd` with exactly `env` (plus `PORT`), and waits until
 * `GET <url>/health` answers 200. The process is stopped with SIGTERM, then SIGKILL after 10 s.
 */
/** Node flags that write the process's V8 CPU profile into `dir` when it exits (none without a dir). */
export function cpuProfileArgs(dir: string | undefined): string[] {
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}

export async function startNodeProcess(options: {
  name: string;
  script: string;
  cwd: string;
  env: Record<string, string>;
  port: number;
  readyTimeoutMs?: number;
  /** Extra Node.js flags, e.g. `--cpu-prof` (not allowed in NODE_OPTIONS). */
  nodeArgs?: string[];
}): Promise<NodeProcess> {
  const { name, port } = options;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', options.script], {
    cwd: options.cwd,
    env: { ...options.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const handle: NodeProcess = {
    name,
    pid: child.pid ?? 0,
    port,
    url,
    output: () => lines.join('\n'),
    async stop() {
      running.delete(handle);
      if (exited(child)) return;
      const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await done;
      clearTimeout(timer);
    },
  };
  running.add(handle);

  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (exited(child)) {
      running.delete(handle);
      throw new Error(`${name} exited during start-up (code ${child.exitCode}):\n${handle.output()}`);
    }
    try {
      const answer = await fetch(`${url}/health`);
      if (answer.ok) return handle;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  await handle.stop();
  throw new Error(`${name} did not answer ${url}/health in time:\n${handle.output()}`);
}

/** Stops every child that is still running. */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((child) => child.stop()));
}

/** Last resort when the process exits without cleaning up: kill what is left, synchronously. */
export function killAllNow(): void {
  for (const child of running) {
    try {
      process.kill(child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  running.clear();
}
