import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';

let ticksPerSecond: number | undefined;

function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** CPU seconds (user + system) a process has used so far; 0 when it is gone or /proc is missing. */
function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks();
  } catch {
    return 0;
  }
}

/** A client backend's title: `postgres: 15/main: <user> <database> <host>(<port>) <state>`. */
const BACKEND_TITLE = /^postgres: .*?: \S+ (\S+) (?:\[?[\d.:a-f]+\]?\(\d+\)|\[local\])/;

/**
 * Process ids of the local PostgreSQL processes (postmaster, backends, background workers); with
 * `database`, client backends of other databases are left out (the shared background processes,
 * WAL writer and checkpointer among them, stay in).
 */
function postgresPids(database?: string): number[] {
  try {
    return readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .map(Number)
      .filter((pid) => {
        try {
          if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') return false;
          if (database === undefined) return true;
          const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
          const backendOf = BACKEND_TITLE.exec(title)?.[1];
          return backendOf === undefined || backendOf === database;
        } catch {
          return false;
        }
      });
  } catch {
    return [];
  }
}

/** Busy and total jiffies of the whole machine (all cores), from /proc/stat. */
function machineTicks(): { busy: number; total: number } {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const values = line.trim().split(/\s+/).slice(1).map(Number);
    const total = values.slice(0, 8).reduce((sum, value) => sum + value, 0);
    const idle = (values[3] ?? 0) + (values[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return { busy: 0, total: 0 };
  }
}

export interface CpuUse {
  /** Cores busy on average during the window (1.0 = one core all the time). */
  server: number;
  postgres: number;
  /** This process: autocannon and the bookkeeping around it. */
  runner: number;
  /** The whole machine, every process (other people's work included). */
  machine: number;
  /** Cores of the machine. */
  cores: number;
}

/**
 * Starts measuring the CPU of `serverPid`, of the local PostgreSQL processes (with `database`, only
 * that database's backends and the shared background processes: other databases' clients on the
 * same PostgreSQL are left out) and of this process; the returned function ends the window.
 * Backends that ended during the window are missed, so the PostgreSQL figure is a lower bound (the
 * pools here keep their connections).
 */
export function startCpuWindow(serverPid: number, database?: string): () => CpuUse {
  const started = performance.now();
  const server0 = cpuSecondsOf(serverPid);
  const postgres0 = new Map(postgresPids(database).map((pid) => [pid, cpuSecondsOf(pid)]));
  const runner0 = process.cpuUsage();
  const machine0 = machineTicks();
  return () => {
    const seconds = (performance.now() - started) / 1000;
    const runner = process.cpuUsage(runner0);
    let postgres = 0;
    for (const pid of postgresPids(database)) postgres += cpuSecondsOf(pid) - (postgres0.get(pid) ?? 0);
    const machine1 = machineTicks();
    const cores = cpus().length;
    const machineTotal = machine1.total - machine0.total;
    return {
      server: (cpuSecondsOf(serverPid) - server0) / seconds,
      postgres: postgres / seconds,
      runner: (runner.user + runner.system) / 1e6 / seconds,
      machine: machineTotal > 0 ? ((machine1.busy - machine0.busy) / machineTotal) * cores : 0,
      cores,
    };
  };
}
