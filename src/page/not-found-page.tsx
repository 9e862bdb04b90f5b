import type { Context } from "hono";
import { Layout } from "./components/layout";
import { NotFoundView } from "./components/status-views";
import { sendPage } from "./respond";

/**
 * The one 404 page for missing reports, private reports and unknown paths. It takes nothing from the request,
 * so a private report's answer is byte for byte the answer for a report that does not exist.
 */
export const sendNotFoundPage = (c: Context) =>
  sendPage(
    c,
    <Layout title="Page not found · Pagegrade" description="There is no report at this address." noindex>
      <NotFoundView />
    </Layout>,
    404,
  );
