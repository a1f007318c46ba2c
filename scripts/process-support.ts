/** What the launchers (scripts/cluster.ts, scripts/cluster-ha.ts) and the benches that run them ask of this machine. */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A program on PATH or in the system's sbin folders, or null. */
export function which(program: string): string | null {
  const dirs = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/local/sbin', '/sbin'];
  return dirs.map((d) => path.join(d, program)).find((p) => fs.existsSync(p)) ?? null;
}

export function postgresInstalled(): boolean {
  const base = '/usr/lib/postgresql';
  return fs.existsSync(base) && fs.readdirSync(base).some((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')));
}

export function portFree(p: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(p, '0.0.0.0', () => server.close(() => resolve(true)));
  });
}

/** The HTTP status of GET url, 0 when nothing answers (within 2 s). */
export async function httpStatus(url: string): Promise<number> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await response.body?.cancel();
    return response.status;
  } catch {
    return 0;
  }
}

/**
 * The postmaster of a PostgreSQL data directory (its postmaster.pid's first line); null when there
 * is none. Never 0: `process.kill(0, …)` signals the caller's own process group.
 */
export function postmasterIn(dataDir: string): number | null {
  const file = path.join(dataDir, 'postmaster.pid');
  const pid = fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8').split('\n')[0]) : NaN;
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/** Whether a child process still runs (not exited, not killed). */
export const running = (child: ChildProcess | null | undefined): child is ChildProcess => !!child && child.exitCode === null && child.signalCode === null;

/** Sends a signal and waits for the exit; SIGKILL after `ms`. True when it ended by the signal (or had ended). */
export function stopChild(child: ChildProcess | null | undefined, signal: NodeJS.Signals, ms: number): Promise<boolean> {
  if (!running(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    let forced = false;
    const timer = setTimeout(() => ((forced = true), child.kill('SIGKILL')), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(!forced);
    });
    child.kill(signal);
  });
}
