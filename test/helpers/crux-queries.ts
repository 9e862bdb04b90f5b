import type { CruxQuery } from "../server/crux-api";

/**
 * The queries the local Chrome UX Report API (test/server/crux-api.ts) received whose url or origin contains `tag`.
 * The API's origin is passed in: workerd tests have it in `env.CRUX_API_ORIGIN`, the command line's from `inject`.
 */
export async function cruxQueries(apiOrigin: string, tag: string): Promise<CruxQuery[]> {
  return (await fetch(`${apiOrigin}/__crux/requests?tag=${encodeURIComponent(tag)}`)).json() as Promise<CruxQuery[]>;
}
