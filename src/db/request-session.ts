import { createDb, type Db } from "./client";

export type SessionStart = D1SessionConstraint | D1SessionBookmark;

/**
 * The D1 session of one API request, and the primary session a by-id lookup may fall back to. `bookmark()` is
 * the newest bookmark of either: what the client sends back to read its own writes.
 */
export interface RequestSession {
  db: Db;
  primary(): Db;
  bookmark(): string | null;
  /** The bookmark, after one trivial read when no query has run yet (a session's bookmark comes from its queries). */
  readBookmark(): Promise<string | null>;
  /** Sessions of the other shards a public page may look in (its id's shard lacks a moved account's row); else none. */
  elsewhere(): Db[];
}

// Bookmarks are fixed-width lower-case hex fields, so the newest one sorts last.
const newest = (bookmarks: (string | null)[]) => bookmarks.filter((b): b is string => b !== null).sort().at(-1) ?? null;

export function openRequestSession(d1: D1Database, start: SessionStart, others: D1Database[] = []): RequestSession {
  const sessions = [d1.withSession(start)];
  let primary: Db | undefined;
  let elsewhere: Db[] | undefined;
  return {
    db: createDb(sessions[0]!),
    primary() {
      if (!primary) {
        const session = d1.withSession("first-primary");
        sessions.push(session);
        primary = createDb(session);
      }
      return primary;
    },
    bookmark: () => newest(sessions.map((s) => s.getBookmark())),
    async readBookmark() {
      if (sessions[0]!.getBookmark() === null) await sessions[0]!.prepare("SELECT 1").run();
      return newest(sessions.map((s) => s.getBookmark()));
    },
    elsewhere() {
      elsewhere ??= others.map((other) => createDb(other.withSession("first-primary")));
      return elsewhere;
    },
  };
}

/**
 * A resource looked up by id that the replica does not have yet (created a moment ago by another client, or
 * before the replica caught up) is looked up once more on the primary before it is a 404.
 */
export async function findOnPrimaryIfMissing<T>(session: RequestSession, lookup: (db: Db) => Promise<T | undefined>): Promise<T | undefined> {
  return (await findWhereItIs(session, lookup))?.found;
}

/**
 * The same lookup, also answering which database had it: what belongs to a resource found only on the primary
 * (a crawl's pages, a webhook's deliveries) is read there too, not from the replica that lacked the resource.
 */
export async function findWhereItIs<T>(session: RequestSession, lookup: (db: Db) => Promise<T | undefined>): Promise<{ found: T; db: Db } | undefined> {
  const near = await lookup(session.db);
  if (near !== undefined) return { found: near, db: session.db };
  const primary = session.primary();
  const found = await lookup(primary);
  if (found !== undefined) return { found, db: primary };
  // A moved account keeps its ids, which name the shard it was created on: its public pages look in the others too.
  for (const db of session.elsewhere()) {
    const there = await lookup(db);
    if (there !== undefined) return { found: there, db };
  }
  return undefined;
}
