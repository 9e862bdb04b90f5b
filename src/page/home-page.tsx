import type { Context } from "hono";
import { HomeView } from "./components/home-view";
import { Layout } from "./components/layout";
import { sendPage } from "./respond";

export const sendHomePage = (c: Context) =>
  sendPage(
    c,
    <Layout
      title="Pagegrade · SEO audits for single pages"
      description="Pagegrade audits a web page's SEO, performance and security and shares the result as a report page."
      canonical={`${new URL(c.req.url).origin}/`}
    >
      <HomeView />
    </Layout>,
  );
