import type { Context } from "hono";
import { Layout } from "./components/layout";
import { sendPage } from "./respond";

/** An HTML 500 for the pages (the API keeps its JSON one): no stack trace, no details. */
export function sendErrorPage(err: Error, c: Context) {
  console.error("report page error", err);
  return sendPage(
    c,
    <Layout title="Something went wrong · Pagegrade" description="The page could not be shown." noindex>
      <h1>Something went wrong</h1>
      <p>The page could not be shown because of a problem on our side. Please try again in a moment.</p>
    </Layout>,
    500,
  );
}
