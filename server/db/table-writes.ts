import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Per query builder, the writes by table (issue 42 §5): what lets a read be remembered until one of
 * the tables it read is written (server/db/paging.ts `rememberUntilWrite`, the sessions of
 * server/auth/principals.ts), on both databases.
 *
 * - **SQLite**: the server's one connection counts each writing statement by its target as it runs
 *   (server/db/database.ts); another connection's commit to the file (the sqlite3 shell, a script)
 *   moves `data_version`, which counts as a write to every table.
 * - **PostgreSQL**: this instance's commits count their tables before the writer's answer leaves
 *   (server/db/postgres.ts); every other commit (another instance, psql) is heard from the
 *   database: a trigger on every table notifies `crm_tables` with the table's name when its
 *   transaction commits (migration 0037). Such a notification comes a moment after that commit, so
 *   another instance's write is seen here within that moment (HAProxy keeps a person on one
 *   instance, so one's own writes are always seen: docs/decisions.md). While the LISTEN connection
 *   is down nothing is remembered, and when it is back everything remembered before is forgotten
 *   (what was notified meanwhile was missed).
 *
 * Which tables a write wrote: its target (`insert into`, `update`, `delete from`, as Kysely and the
 * seed write them); any other writing statement (DDL, a pragma) counts as a write to every table.
 * Which tables a read read: every name in the text of the statements it ran (`reading`), a table or
 * not: more names only remember less. A read of which a statement ran inside a transaction is not
 * remembered (it may have seen that transaction's own writes, which a rollback takes back).
 *
 * **A table's slice** (`table@slice`, e.g. `notes@ORDER:123`, issue 42 §5): a read or a write run
 * `inSlice(table, slice, …)` names that slice of the table instead of the whole table, so a note
 * written on one document forgets only that document's notes pages. A write to the whole table (an
 * update, a delete, a script, a write outside any slice) forgets every slice of it; on PostgreSQL
 * another writer's insert is heard by its slice (the notes table's trigger, migration 0038).
 *
 * Each write takes the next number of one sequence; a name's version is the number of its last
 * write (a slice's: the later of its own and its table's), so versions only grow and a read that
 * saw no write to its names keeps its version. At most `MAX_SLICES` slices are kept: past that they
 * are forgotten together, and a slice not kept reads as written when they were (never older).
 */
export interface TableWrites {
  /** A value that moves whenever one of these names (tables) may have been written; null while nothing can be remembered. */
  version(names: Iterable<string>): string | null;
  /**
   * Runs `read`, answering its value, the names of every statement it ran (nested reads included)
   * and their version: null when one of them was written while it ran (it may have seen part of
   * that write), when a statement ran inside a transaction, or when nothing can be remembered now.
   */
  reading<T>(read: () => Promise<T>): Promise<{ value: T; names: Set<string>; version: string | null }>;
  /** Names read by a nested read answered from memory, for the read around it. */
  alsoRead(names: Iterable<string>): void;
}

/** What the database layer tells the clock. */
export interface TableWriteClock {
  tables: TableWrites;
  /** A statement runs (in the caller's async context); `inTransaction`: inside an open transaction. */
  ran(text: string, inTransaction: boolean): void;
  /** A write to this table (lower case) is committed, or may be; null: to any table. */
  wrote(table: string | null): void;
}

/**
 * What a statement does to its connection's transaction, as Kysely (and pg, SQLite) send them:
 * opens it (`begin`, `start transaction`), ends it (`commit`, `rollback`; `rollback to` a savepoint
 * ends nothing), or nothing. Both databases' drivers read it (server/db/database.ts, postgres.ts).
 */
export function transactionControl(text: string): 'begin' | 'commit' | 'rollback' | null {
  const head = /^\s*(begin|start|commit|rollback)\b(\s+to\b)?/i.exec(text);
  if (!head || head[2]) return null;
  const word = head[1]!.toLowerCase();
  return word === 'start' ? 'begin' : (word as 'begin' | 'commit' | 'rollback');
}

/** The target of a write as Kysely (and the seed) write them. */
const WRITE_TARGET = /^\s*(?:insert(?:\s+or\s+\w+)?\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+"?([A-Za-z_]\w*)"?/i;
const WRITES_IN = /\b(?:insert(?:\s+or\s+\w+)?\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+"?([A-Za-z_]\w*)"?/gi;

/**
 * The tables a statement writes, lower case: its target, or those of the data-modifying queries of
 * its WITH (server/db/log-rows.ts sends them so); none when it names none (a read, DDL, a pragma).
 */
export function writeTargets(text: string): string[] {
  const target = WRITE_TARGET.exec(text)?.[1];
  if (target) return [target.toLowerCase()];
  if (!/^\s*with\b/i.test(text)) return [];
  return [...text.matchAll(WRITES_IN)].map((m) => m[1]!.toLowerCase());
}
const NAMES = /[A-Za-z_]\w*/g;

/** How many slices a clock keeps before it forgets them together. */
export const MAX_SLICES = 10_000;

/** The name of a table's slice (`notes@ORDER:123`): the same text in the server and in migration 0038's trigger. */
export const sliceName = (table: string, slice: string) => `${table}@${slice}`;

const slices = new AsyncLocalStorage<{ table: string; name: string }>();

/** Runs `work` with its statements naming `table` about one slice of it (reads and writes, both databases). */
export function inSlice<T>(table: string, slice: string, work: () => T): T {
  return slices.run({ table, name: sliceName(table, slice) }, work);
}

/** `table`, or its slice when a statement naming it runs `inSlice` of it. */
export function sliceOf(table: string): string {
  const slice = slices.getStore();
  return slice && slice.table === table ? slice.name : table;
}

interface Reading {
  names: Set<string>;
  inTransaction: boolean;
}

/**
 * `outside`: a number that moves when writes may have happened that were not told (SQLite's
 * `data_version`, PostgreSQL's LISTEN connection coming back), or null while nothing may be
 * remembered (PostgreSQL's LISTEN connection is down).
 */
export function tableWriteClock(outside: () => number | null = () => 0, maxSlices = MAX_SLICES): TableWriteClock {
  let sequence = 0;
  /** By table, and by slice: the number of the last write. */
  const lastWrite = new Map<string, number>();
  const sliceWrite = new Map<string, number>();
  /** What a slice not kept reads as: the sequence when the kept ones were forgotten. */
  let sliceFloor = 0;
  let anywhere = 0;
  const recorder = new AsyncLocalStorage<Reading>();
  /** The names in each statement text, kept (the same few texts run again and again). */
  const namesOf = new Map<string, string[]>();
  const written = (name: string) => {
    const at = name.indexOf('@');
    if (at < 0) return lastWrite.get(name) ?? 0;
    return Math.max(lastWrite.get(name.slice(0, at)) ?? 0, sliceWrite.get(name) ?? sliceFloor);
  };
  const tables: TableWrites = {
    version(names) {
      const data = outside();
      if (data === null) return null;
      let sum = 0;
      for (const name of names) sum += written(name);
      return `${sum}:${anywhere}:${data}`;
    },
    async reading(read) {
      const outer = recorder.getStore();
      const reading: Reading = { names: new Set(), inTransaction: false };
      const before = { sequence, anywhere, data: outside() };
      const value = await recorder.run(reading, read);
      if (outer) {
        for (const name of reading.names) outer.names.add(name);
        outer.inTransaction ||= reading.inTransaction;
      }
      const now = tables.version(reading.names);
      let unwritten = !reading.inTransaction && now !== null && before.anywhere === anywhere && before.data === outside();
      if (unwritten) for (const name of reading.names) if (written(name) > before.sequence) unwritten = false;
      return { value, names: reading.names, version: unwritten ? now : null };
    },
    alsoRead(names) {
      const outer = recorder.getStore();
      if (outer) for (const name of names) outer.names.add(name);
    },
  };
  return {
    tables,
    ran(text, inTransaction) {
      const reading = recorder.getStore();
      if (!reading) return;
      let names = namesOf.get(text);
      if (!names) {
        if (namesOf.size >= 2000) namesOf.clear();
        namesOf.set(text, (names = [...new Set(text.toLowerCase().match(NAMES) ?? [])]));
      }
      const slice = slices.getStore();
      for (const name of names) reading.names.add(slice && slice.table === name ? slice.name : name);
      if (inTransaction) reading.inTransaction = true;
    },
    wrote(table) {
      if (table === null) anywhere++;
      else if (table.includes('@')) {
        if (!sliceWrite.has(table) && sliceWrite.size >= maxSlices) {
          sliceFloor = sequence;
          sliceWrite.clear();
        }
        sliceWrite.set(table, ++sequence);
      } else lastWrite.set(table, ++sequence);
    },
  };
}
