import path from 'node:path';
import { ADMISSION_DEFAULTS, type AdmissionSettings } from './admission';
import { SLA_DEFAULT_HOURS, type SlaHours } from '@/domain/sla';
import { FOUR_EYES_HOURS, FOUR_EYES_THRESHOLD_USD, FOUR_EYES_WINDOW_HOURS } from '@/domain/approvals';
import { POSTGRES_DEFAULTS, type PostgresSettings } from './db/postgres';

export type Scale = 'test' | 'demo' | 'large';

export interface ServerConfig {
  port: number;
  host: string;
  /** SQLite file; ':memory:' for an in-memory database. Ignored when databaseUrl is set. */
  databaseFile: string;
  /** postgres://… selects PostgreSQL instead of SQLite. */
  databaseUrl: string | null;
  /** PostgreSQL: connections per instance and how long a connection or a statement may take. */
  postgres: PostgresSettings;
  /** SIGTERM: how long in-flight requests may take to finish before the process exits anyway (ms). */
  shutdownTimeoutMs: number;
  /** API requests worked on at once and how long the others wait their turn (server/admission.ts). */
  admission: AdmissionSettings;
  /** SQLite: how long a write waits for another writer of the file (the sqlite3 shell, a script) before it is a 503 (ms). */
  sqliteBusyTimeoutMs: number;
  /** Seed demo data when the database is empty. */
  seed: boolean;
  /** The faker seed: the same value gives the same data. */
  seedValue: number;
  scale: Scale;
  oauthClientId: string;
  oauthClientSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  throttle: { windowMinutes: number; maxPairFailures: number; maxAccountFailures: number; maxIpFailures: number };
  /**
   * How many proxies in front of the server append to X-Forwarded-For (0: none, the socket's
   * address is the client's). Only that many hops from the right are trusted: what a client
   * writes to the left of them cannot change the address the throttle counts.
   */
  trustProxy: number;
  /** Where the built console lives. */
  staticDir: string;
  /** Fixed keys of the UPG and remittance services and the SMS host token: configuration, never code. */
  upgApiKey: string;
  smsToken: string;
  tenant: string;
  companyId: number;
  fraudConfigClient: string;
  /** Where the console finds the API; empty means the same origin. */
  publicApiBaseUrl: string;
  /** Where a customer completes an identity verification (KYC links are this plus the session's id). */
  kycVerificationUrl: string;
  /** The customer site, whose impersonation page the console links to. */
  customerSiteUrl: string;
  /** How often an open change stream sends a keep-alive and checks its session again (ms). */
  changeStreamHeartbeatMs: number;
  /**
   * Four-eyes (issue 14 §6): actions worth more than this many US dollars wait for a second person;
   * how long they wait; the rolling window (issue 28 §4) within which one person's actions of one
   * kind on one customer or order count together.
   */
  fourEyes: { thresholdUsd: number; hours: number; windowHours: number };
  /** Service levels (issue 28): hours an entry of each queue may wait (SLA_REMITTANCE_HOURS, SLA_RISK_HOURS, SLA_APPROVAL_HOURS). */
  slaHours: SlaHours;
  /** The request log's level (pino): fatal, error, warn, info, debug, trace or silent. */
  logLevel: LogLevel;
  /** Bearer token that opens GET /metrics from anywhere; null: only this machine (loopback, no proxy) reads it. */
  metricsToken: string | null;
}

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed)) throw new Error(`Valor entero inválido: ${value}`);
  return parsed;
}

/** A positive number of hours (fractions allowed: 0.5 is half an hour). */
function hours(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`Horas inválidas: ${value}`);
  return parsed;
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.trim().toLowerCase());
}

/** TRUST_PROXY: a number of hops, or true (one proxy) / false (none). */
function proxyHops(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 0;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  return bool(value, false) ? 1 : 0;
}

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** LOG_LEVEL; unset: info, or silent under vitest (whose test servers read an empty environment) unless the run sets LOG_LEVEL. */
function logLevel(value: string | undefined): LogLevel {
  const given = value?.trim() ? value : undefined;
  const v = (given ?? (process.env.VITEST ? process.env.LOG_LEVEL || 'silent' : 'info')).trim().toLowerCase();
  if ((LOG_LEVELS as readonly string[]).includes(v)) return v as LogLevel;
  throw new Error(`LOG_LEVEL debe ser ${LOG_LEVELS.join(', ')} (recibido: ${value})`);
}

function scale(value: string | undefined): Scale {
  const v = (value ?? 'demo').trim().toLowerCase();
  if (v === 'test' || v === 'demo' || v === 'large') return v;
  throw new Error(`SCALE debe ser test, demo o large (recibido: ${value})`);
}

/** Reads the configuration from the environment; every setting has a working default. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const seedSetting = env.SEED?.trim();
  const seedIsNumber = seedSetting !== undefined && /^\d+$/.test(seedSetting);
  return {
    port: int(env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    databaseFile: env.DATABASE_FILE ?? path.join('data', 'console.db'),
    databaseUrl: env.DATABASE_URL?.trim() ? env.DATABASE_URL.trim() : null,
    postgres: {
      poolSize: int(env.PG_POOL_SIZE, POSTGRES_DEFAULTS.poolSize),
      connectTimeoutMs: int(env.PG_CONNECT_TIMEOUT_MS, POSTGRES_DEFAULTS.connectTimeoutMs),
      statementTimeoutMs: int(env.PG_STATEMENT_TIMEOUT_MS, POSTGRES_DEFAULTS.statementTimeoutMs),
    },
    shutdownTimeoutMs: int(env.SHUTDOWN_TIMEOUT_MS, 20_000),
    // A limit for requests that wait on a database across a connection; SQLite's statements are calls.
    admission: { active: int(env.MAX_ACTIVE_REQUESTS, env.DATABASE_URL?.trim() ? ADMISSION_DEFAULTS.active : 0), waitMs: int(env.ADMISSION_WAIT_MS, ADMISSION_DEFAULTS.waitMs) },
    sqliteBusyTimeoutMs: int(env.SQLITE_BUSY_TIMEOUT_MS, 5000),
    seed: seedIsNumber ? true : bool(seedSetting, true),
    seedValue: seedIsNumber ? Number(seedSetting) : 20261122,
    scale: scale(env.SCALE),
    oauthClientId: env.OAUTH_CLIENT_ID ?? 'crm-console',
    oauthClientSecret: env.OAUTH_CLIENT_SECRET ?? 'crm-console-secret',
    accessTokenTtlSeconds: int(env.ACCESS_TOKEN_TTL, 3600),
    refreshTokenTtlSeconds: int(env.REFRESH_TOKEN_TTL, 30 * 24 * 3600),
    throttle: {
      windowMinutes: int(env.THROTTLE_WINDOW_MINUTES, 15),
      maxPairFailures: int(env.THROTTLE_PAIR_FAILURES, 5),
      maxAccountFailures: int(env.THROTTLE_ACCOUNT_FAILURES, 20),
      maxIpFailures: int(env.THROTTLE_IP_FAILURES, 100),
    },
    trustProxy: proxyHops(env.TRUST_PROXY),
    staticDir: env.STATIC_DIR ?? 'dist',
    upgApiKey: env.UPG_API_KEY ?? 'upg-demo-api-key',
    smsToken: env.SMS_TOKEN ?? 'sms-demo-token',
    tenant: env.TENANT ?? 'cubacel',
    companyId: int(env.COMPANY_ID, 4),
    fraudConfigClient: env.FRAUD_CONFIG_CLIENT ?? 'crm-console',
    publicApiBaseUrl: env.PUBLIC_API_BASE_URL ?? '',
    customerSiteUrl: (env.CUSTOMER_SITE_URL ?? 'https://cliente.example').replace(/\/+$/, ''),
    kycVerificationUrl: (env.KYC_VERIFICATION_URL ?? 'https://verificacion.example/kyc').replace(/\/+$/, ''),
    changeStreamHeartbeatMs: int(env.CHANGE_STREAM_HEARTBEAT_MS, 20_000),
    fourEyes: {
      thresholdUsd: int(env.FOUR_EYES_THRESHOLD_USD, FOUR_EYES_THRESHOLD_USD),
      hours: int(env.FOUR_EYES_HOURS, FOUR_EYES_HOURS),
      windowHours: int(env.FOUR_EYES_WINDOW_HOURS, FOUR_EYES_WINDOW_HOURS),
    },
    slaHours: {
      remittance: hours(env.SLA_REMITTANCE_HOURS, SLA_DEFAULT_HOURS.remittance),
      risk: hours(env.SLA_RISK_HOURS, SLA_DEFAULT_HOURS.risk),
      approval: hours(env.SLA_APPROVAL_HOURS, SLA_DEFAULT_HOURS.approval),
    },
    logLevel: logLevel(env.LOG_LEVEL),
    metricsToken: env.METRICS_TOKEN?.trim() ? env.METRICS_TOKEN.trim() : null,
  };
}
