import { checks, renderingChecks } from "../../analysis/checks";

export const HomeView = () => (
  <>
    <h1>Pagegrade: SEO audits for single pages</h1>
    <p>
      Pagegrade fetches a web page, runs {checks.length} checks on its SEO, performance, security and markup, and gives it
      a score from 0 to 100. On request it also loads the page in a real browser and adds {renderingChecks.length} checks of what
      JavaScript changes. Every report has a shareable page that its owner makes public, private or protected by a
      password.
    </p>
    <h2>Get started</h2>
    <ul>
      <li>
        The quick start is in the project's <code>README.md</code> (section “Quick start”): create an API key, then ask for a
        report with one request.
      </li>
      <li>
        The API describes itself in OpenAPI: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.
      </li>
    </ul>
  </>
);
