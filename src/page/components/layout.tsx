import type { Child } from "hono/jsx";
import { css } from "../styles";

export interface LayoutProps {
  title: string;
  description: string;
  canonical?: string;
  noindex?: boolean;
  refreshSeconds?: number;
  children?: Child;
}

/** The document around every page: head metadata, the inline stylesheet, and the header/main/footer landmarks. */
export const Layout = (props: LayoutProps) => (
  <html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{props.title}</title>
      <meta name="description" content={props.description} />
      {props.noindex && <meta name="robots" content="noindex, nofollow" />}
      {props.canonical && <link rel="canonical" href={props.canonical} />}
      {props.refreshSeconds !== undefined && <meta http-equiv="refresh" content={String(props.refreshSeconds)} />}
      {/* An empty data: icon, so browsers do not ask for /favicon.ico and get a 404 page. */}
      <link rel="icon" href="data:," />
      <style dangerouslySetInnerHTML={{ __html: css }} />
    </head>
    <body>
      <header class="site">
        <div class="wrap">
          <a class="brand" href="/">
            Page<span>grade</span>
          </a>
          <span class="muted">SEO audit</span>
        </div>
      </header>
      <main>
        <div class="wrap">{props.children}</div>
      </main>
      <footer class="foot">
        <div class="wrap">
          Made by Pagegrade. Reports are generated automatically and may be out of date; the API describes itself at{" "}
          <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.
        </div>
      </footer>
    </body>
  </html>
);
