import { call } from "./api";

/**
 * The rate limiter's windows are minutes of the wall clock, so requests that straddle a boundary find a fresh count.
 * Rather than always waiting for a new minute, `attempt` runs now, and a run that straddled one (a few seconds in
 * sixty) is done again from the next minute's start: what it returns comes from a run within one minute. `attempt`
 * makes its own key each time, so no count carries over.
 */
export async function inOneMinute<T>(attempt: () => Promise<T>): Promise<T> {
  for (;;) {
    const minute = Math.floor(Date.now() / 60_000);
    const result = await attempt();
    if (Math.floor(Date.now() / 60_000) === minute) return result;
    await new Promise((resolve) => setTimeout(resolve, 60_000 - (Date.now() % 60_000) + 250));
  }
}

/** The statuses of `count` GET /api/v1/projects with `key`, twenty at once: the limiter counts each as it arrives. */
export async function projectStatuses(key: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let sent = 0; sent < count; sent += 20) {
    const chunk = Math.min(20, count - sent);
    statuses.push(...(await Promise.all(Array.from({ length: chunk }, async () => (await call("/api/v1/projects", { key })).status))));
  }
  return statuses;
}
