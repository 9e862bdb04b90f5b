import type { Context } from "hono";

export interface PageRequest {
  page: number;
  perPage: number;
}

export const offsetOf = ({ page, perPage }: PageRequest) => (page - 1) * perPage;

/** The list envelope (docs/api.md "Shapes"): absolute links that keep every query parameter given. */
export function listEnvelope<T>(c: Context, data: T[], total: number, { page, perPage }: PageRequest) {
  const url = new URL(c.req.url);
  const path = `${url.origin}${url.pathname}`;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const link = (n: number) => {
    const params = new URLSearchParams(url.search);
    params.set("page", String(n));
    return `${path}?${params}`;
  };
  const from = data.length > 0 ? (page - 1) * perPage + 1 : null;
  return {
    data,
    links: {
      first: link(1),
      last: link(lastPage),
      prev: page > 1 ? link(Math.min(page - 1, lastPage)) : null,
      next: page < lastPage ? link(page + 1) : null,
    },
    meta: {
      current_page: page,
      from,
      last_page: lastPage,
      path,
      per_page: perPage,
      to: from === null ? null : from + data.length - 1,
      total,
    },
    status: 200,
  };
}
