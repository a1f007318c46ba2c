/**
 * HAProxy's configuration for `npm run start:cluster` (scripts/cluster.ts writes it on every start
 * and on a reload): the console's HTTP frontend over the instances, the status page and, with
 * CLUSTER_HA, the TCP frontend to the database's primary. docs/operations.md explains each choice.
 */
import { writeErrorFiles } from './haproxy-errors';

export interface HaproxySettings {
  /** CLUSTER_DIR: the error files are written there. */
  dir: string;
  host: string;
  port: number;
  statsPort: number;
  instances: readonly { name: string; port: number }[];
  /** CHANGE_STREAM_HEARTBEAT_MS: neither side may time out a quiet change stream before its next heartbeat. */
  heartbeatMs: number;
  /** The HA database's section (CLUSTER_HA), or null. */
  haSection: string | null;
}

export function haproxyConfig({ dir, host, port, statsPort, instances, heartbeatMs, haSection }: HaproxySettings): string {
  const idleMs = Math.max(65_000, 3 * heartbeatMs + 5000);
  return `# Written by scripts/cluster.ts on every start (npm run start:cluster): edits here are lost.
# docs/operations.md explains each choice.
global
  log stdout format raw local0 info
  maxconn 4096
  # One thread: HAProxy shares this host's cores with the instances and PostgreSQL, and a second
  # thread only contends for them (under the staff floor on two cores: 0.11 ms of CPU per request
  # with one thread, 0.15-0.18 with two). One thread serves far more requests than the instances.
  nbthread 1
  # On a reload (SIGUSR2) the old worker serves its open connections until they end, at most this
  # long: then a change stream reconnects and a pooled database connection is opened again.
  hard-stop-after 30s

defaults
  mode http
  log global
  option httplog
  option dontlognull
  # A connection an instance refuses or never accepts (stopped, killed, restarting) is tried again,
  # on another instance (redispatch on every retry). A GET or HEAD that reached an instance which
  # then died without a byte of answer (kill -9, a crash: empty-response) is tried again as well:
  # reading twice changes nothing. Any other method that reached an instance is never sent a
  # second time by HAProxy (disable-l7-retry below): the console repeats it with its
  # Idempotency-Key, which the server runs once.
  retries 2
  retry-on conn-failure empty-response
  option redispatch 1
  timeout connect 2s
  timeout check 1s
  timeout http-request 10s
  timeout http-keep-alive 15s
  timeout queue 5s
  # A change stream (GET /orders/secured/changes) is quiet between heartbeats
  # (CHANGE_STREAM_HEARTBEAT_MS, 20 s): neither side may time out before the next one comes.
  timeout client ${idleMs}
  timeout server ${idleMs}
  timeout client-fin 5s
  timeout server-fin 5s
  # HAProxy's own 502/503/504 (every instance down or not ready, e.g. while the database restarts):
  # JSON with a Spanish error_description, like the server's own 503.
${writeErrorFiles(dir)}

frontend console
  bind ${host}:${port}
  # The client's address for the instances (they run with TRUST_PROXY=1: this hop only is believed).
  option forwardfor
  # The client's X-Request-Id goes through; a request without one gets one here, logged by both.
  unique-id-format %[uuid()]
  http-request set-header X-Request-Id %[unique-id] unless { req.hdr(x-request-id) -m found }
  http-request capture req.hdr(x-request-id) len 80
  http-request disable-l7-retry unless METH_GET
  # The session a request belongs to, for the backend's hash (one person on one instance).
  http-request set-var(txn.session) req.hdr(authorization) if { req.hdr(authorization) -m beg "Bearer " }
  # A reload's old worker answers an idle keep-alive connection's next request (Connection: close)
  # instead of closing it under a client sending one ("other side closed").
  option idle-close-on-response
  default_backend instances

backend instances
  # One person on one instance: requests are hashed by their session (the bearer token set in the
  # frontend), so whoever writes reads their own write at once on the same instance, while another
  # instance forgets what it remembered of that table a moment later, when the database's
  # notification comes (server/db/table-writes.ts). Requests without one (a sign-in, whose Basic
  # header is the same for everyone; the console's files) go round robin. While an instance is down
  # its people are hashed over the others: consistent hashing, the only kind a redispatch may move
  # to another instance (map-based hashing retries the same one). leastconn would count each
  # console tab's open change stream (idle for hours) as load.
  balance hash var(txn.session)
  hash-type consistent
  # /ready: 503 while the instance's database is away or after its SIGTERM (draining).
  option httpchk GET /ready
  http-check expect status 200
  default-server check inter 1s fall 2 rise 1
  # Which instance answered (an operator's aid: curl -I).
  http-response set-header X-Served-By %[srv_name]
${instances.map((i) => `  server ${i.name} 127.0.0.1:${i.port}`).join('\n')}
${haSection ? `\n${haSection}` : ''}
frontend stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /
  stats refresh 2s
`;
}
