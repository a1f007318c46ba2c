import type { Db } from './db/database';
import type { ServerConfig } from './config';
import type { Clock } from './clock';
import type { Runtime } from './runtime';
import type { Group } from '@/api/contract/uaa';

/** What every route gets: the database, the configuration, the clock and the instance's life. */
export interface AppDeps {
  db: Db;
  config: ServerConfig;
  clock: Clock;
  runtime: Runtime;
}

/** What createApp is given: the instance's life is its own unless the caller (server/main.ts) owns it. */
export type AppInput = Omit<AppDeps, 'runtime'> & { runtime?: Runtime };

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

export interface AppEnv {
  Variables: {
    principal: Principal;
    clientIp: string;
    /** The request's id (X-Request-Id): the transitions it caused carry it. */
    requestId: string;
  };
}
