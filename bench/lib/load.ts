import autocannon from 'autocannon';

/** What one request carries; `context` is autocannon's per-connection context. */
export interface RequestParts {
  headers?: Record<string, string>;
  body: string;
}

export interface LoadOptions {
  url: string;
  path: string;
  connections: number;
  durationSeconds: number;
  /** Gives each request its headers and body; may call `stop()` to end the run at the next tick. */
  next: (context: Record<string, unknown>, stop: () => void) => RequestParts;
  /** Sees every answer that came back, with the context its request was built in. */
  onAnswer?: (ok: boolean, context: Record<string, unknown>) => void;
}

export interface LoadResult {
  /** Answers received (any status). */
  responses: number;
  /** Answers with HTTP 200 and `code` 200. */
  ok: number;
  seconds: number;
  /** Successful answers per second. */
  rps: number;
  p50: number;
  p99: number;
  mean: number;
  max: number;
  /** Answers that were not HTTP 200 with `code` 200, plus connection errors and timeouts. */
  errors: number;
  timeouts: number;
  /** Counts by `HTTP <status> code <code>` of the failed answers. */
  failures: Record<string, number>;
  /** A few failed bodies, to see what went wrong. */
  failureSamples: string[];
  /** True when `stop()` ended the run before its duration. */
  stoppedEarly: boolean;
}

const CODE = /^\{"code":(-?\d+)/;

function codeOf(body: string): number | undefined {
  const match = CODE.exec(body);
  if (match) return Number(match[1]);
  try {
    const parsed = JSON.parse(body) as { code?: unknown };
    return typeof parsed.code === 'number' ? parsed.code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs autocannon against `url + path` with POST JSON requests built by `next`, for
 * `durationSeconds`, and checks every answer's `{code}`: only HTTP 200 with code 200 counts as
 * success. Requests per second are successful answers over the measured time.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const failures: Record<string, number> = {};
  const failureSamples: string[] = [];
  let ok = 0;
  let stoppedEarly = false;
  let instance: autocannon.Instance | undefined;
  const stop = () => {
    if (!stoppedEarly) {
      stoppedEarly = true;
      instance?.stop();
    }
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.durationSeconds,
        timeout: 10,
        requests: [
          {
            method: 'POST',
            path: options.path,
            setupRequest: (request, context) => {
              const parts = options.next(context as Record<string, unknown>, stop);
              return {
                ...request,
                headers: { ...request.headers, 'content-type': 'application/json', ...parts.headers },
                body: parts.body,
              };
            },
            onResponse: (status, body, context) => {
              const code = codeOf(body);
              const success = status === 200 && code === 200;
              if (success) ok += 1;
              else {
                const key = `HTTP ${status} code ${code ?? '?'}`;
                failures[key] = (failures[key] ?? 0) + 1;
                if (failureSamples.length < 5) failureSamples.push(body.slice(0, 300));
              }
              options.onAnswer?.(success, context as Record<string, unknown>);
            },
          },
        ],
      },
      (error: unknown, outcome: autocannon.Result) => (error ? reject(toError(error)) : resolve(outcome)),
    );
    if (stoppedEarly) instance.stop();
  });
  const seconds = result.duration;
  return {
    responses: result.requests.total,
    ok,
    seconds,
    rps: seconds > 0 ? ok / seconds : 0,
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.average,
    max: result.latency.max,
    errors: result.requests.total - ok + result.errors,
    timeouts: result.timeouts,
    failures,
    failureSamples,
    stoppedEarly,
  };
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
