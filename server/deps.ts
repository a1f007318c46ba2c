import type { Db } from './db/database';
import type { ServerConfig } from './config';
import type { Clock } from './clock';
import type { Runtime } from './runtime';
import type { Logger } from './observability/logger';
import type { Group } from '@/api/contract/uaa';

/** What every route gets: the database, the configuration, the clock, the instance's life and its log. */
export interface AppDeps {
  db: Db;
  config: ServerConfig;
  clock: Clock;
  runtime: Runtime;
  logger: Logger;
}

/**
 * What createApp is given: the instance's life is its own unless the caller (server/main.ts) owns
 * it; the log is stdout's at the configured level unless the caller (a test) gives another.
 */
export type AppInput = Omit<AppDeps, 'runtime' | 'logger'> & { runtime?: Runtime; logger?: Logger };

/** The staff member behind a bearer token. */
export interface Principal {
  accountId: number;
  username: string;
  email: string | null;
  name: string;
  firstName: string | null;
  lastName: string | null;
  familyId: string;
  groups: Group[];
  permissions: ReadonlySet<string>;
}

/** The name a staff member's work is recorded under (logs, notes, transitions): the e-mail, or the username when the account has none. */
export const signedAs = (principal: Pick<Principal, 'email' | 'username'>): string => principal.email ?? principal.username;

export interface AppEnv {
  Variables: {
    principal: Principal;
    clientIp: string;
    /** The request's id (X-Request-Id): the transitions it caused carry it. */
    requestId: string;
  };
}
