import { env } from "cloudflare:workers";
import { vi } from "vitest";

/**
 * Spies on the D1 sessions the worker opens (env.DB.withSession). Each session is real; `rewrite` may change the
 * SQL a non-primary session runs (to play a replica that is behind), and every SQL string is recorded.
 */
export function spySessions({ rewrite }: { rewrite?: (sql: string) => string } = {}) {
  const real = env.DB.withSession.bind(env.DB);
  const statements: string[] = [];
  const spy = vi.spyOn(env.DB, "withSession").mockImplementation((start) => {
    const session = real(start);
    const change = start === "first-primary" || !rewrite ? (sql: string) => sql : rewrite;
    return new Proxy(session, {
      get(target, property) {
        if (property === "prepare") {
          return (sql: string) => {
            statements.push(sql);
            return target.prepare(change(sql));
          };
        }
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  });
  return { spy, statements, starts: () => spy.mock.calls.map(([start]) => start) };
}

/** A replica that has not caught up with these tables: its SELECTs on them find nothing. */
export const laggingReplicaOf =
  (...tables: string[]) =>
  (sql: string) =>
    tables.some((table) => new RegExp(`^select .* from "${table}"`, "is").test(sql)) ? sql.replace(/ where /i, " where 0 and ") : sql;

export const laggingReportsReplica = laggingReplicaOf("reports");
