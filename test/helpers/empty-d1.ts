/** The names of a database's own tables: every table but SQLite's, D1's (`_cf_*`) and the migrations' record. */
export async function dataTables(db: D1Database): Promise<string[]> {
  const { results } = await db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name <> 'd1_migrations'",
    )
    .all<{ name: string }>();
  return results.map(({ name }) => name);
}

/**
 * Deletes every row of every table but the migrations' own: the D1 a file of vitest.config.ts's `ownD1` starts on
 * (test/setup.ts). sqlite_sequence stays, so ids keep counting up: a message the file before left in a queue (a retry,
 * a due run it did not wait for) names rows that are gone and is acked as a deleted report's would be in production,
 * instead of landing on this file's rows.
 */
export async function emptyD1(db: D1Database) {
  await db.batch([
    // Children and parents in one batch, in any order: the foreign keys are checked once, at its end.
    db.prepare("PRAGMA defer_foreign_keys = on"),
    ...(await dataTables(db)).map((name) => db.prepare(`DELETE FROM "${name}"`)),
  ]);
}
