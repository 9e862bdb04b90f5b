/** A request as the local page server logged it (test/server/page-server.ts): every header as received. */
export interface LoggedRequest {
  url: string;
  headers: Record<string, string | undefined>;
}

/** What `origin`'s page server received on paths containing `tag`. */
export async function requestsTo(origin: string, tag: string): Promise<LoggedRequest[]> {
  const res = await fetch(`${origin}/__requests?tag=${encodeURIComponent(tag)}`);
  return res.json();
}

/** The login headers a logged request carried, and nothing else of it. */
export const loginHeadersOf = (request: LoggedRequest) => ({ authorization: request.headers.authorization, cookie: request.headers.cookie });

export const NO_LOGIN = { authorization: undefined, cookie: undefined };
