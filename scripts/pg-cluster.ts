/**
 * A throwaway PostgreSQL cluster (scripts/pg-cluster.sh) on the first port that starts, for the
 * test runner's PostgreSQL layer and the tests that restart or halt a database of their own. A
 * port found free can be taken before the cluster binds it (another test, an outgoing
 * connection's local port), and a cluster left by an aborted run keeps its port: a start that
 * fails is tried again on the next port given; the error carries the cluster's own log.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const script = path.join(import.meta.dirname, 'pg-cluster.sh');

export type ClusterAction = 'start' | 'standby' | 'restart' | 'halt' | 'crash' | 'promote' | 'stop';

export interface ThrowawayCluster {
  url: string;
  port: number;
  /** Another pg-cluster.sh action on this cluster; throws with the script's error output. */
  run: (action: Exclude<ClusterAction, 'start' | 'standby'>) => string;
}

function pgCluster(action: ClusterAction, dir: string, port: number, ...more: string[]) {
  return spawnSync('bash', [script, action, dir, String(port), ...more], { encoding: 'utf8' });
}

/** `ports(attempt)` names the port of each attempt (1, 2, …, attempts). */
export function startThrowawayCluster(dir: string, ports: (attempt: number) => number | Promise<number>, attempts: number): Promise<ThrowawayCluster> {
  return started('start', dir, ports, attempts);
}

/**
 * A throwaway standby of the throwaway cluster on `primaryPort` (pg-cluster.sh standby): streaming
 * from it as application_name `standby`; `run('promote')` makes it the primary.
 */
export function startThrowawayStandby(dir: string, primaryPort: number, ports: (attempt: number) => number | Promise<number>, attempts: number): Promise<ThrowawayCluster> {
  return started('standby', dir, ports, attempts, String(primaryPort));
}

async function started(how: 'start' | 'standby', dir: string, ports: (attempt: number) => number | Promise<number>, attempts: number, ...more: string[]): Promise<ThrowawayCluster> {
  const failures: string[] = [];
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const port = await ports(attempt);
    const started = pgCluster(how, dir, port, ...more);
    if (started.status === 0) {
      const run = (action: Exclude<ClusterAction, 'start' | 'standby'>) => {
        const result = pgCluster(action, dir, port);
        if (result.status !== 0) throw new Error(`pg-cluster.sh ${action} (port ${port}): ${result.stderr}`);
        return result.stdout.trim();
      };
      return { url: started.stdout.trim().split('\n').pop()!, port, run };
    }
    failures.push(`port ${port}: ${started.stderr.trim()}`);
  }
  throw new Error(`pg-cluster.sh ${how} failed ${attempts} time(s):\n${failures.join('\n')}`);
}
