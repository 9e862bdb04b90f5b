export const ProgressView = ({ status, retry }: { status: "queued" | "processing"; retry?: string | null }) => (
  <section aria-live="polite">
    <h1>{retry ? "Waiting to try again" : status === "queued" ? "Waiting for the analysis to start" : "Analysing the page"}</h1>
    {retry && (
      <p class="note" role="status">
        {retry}
      </p>
    )}
    <div class="spinner" aria-hidden="true" />
    <p>This report is not ready yet. The page reloads itself every few seconds and shows the results as soon as they are in.</p>
  </section>
);

export const FailedView = ({ url, message, code }: { url: string; message: string; code: string | null }) => (
  <>
    <h1>The analysis failed</h1>
    <p class="note note-error" role="status">
      {message || "The page could not be analysed."}
      {code && (
        <>
          {" "}
          <span class="muted">
            (error code <code>{code}</code>)
          </span>
        </>
      )}
    </p>
    <p>
      Pagegrade tried to analyse <strong>{url}</strong> but could not finish. Check that the address opens in a browser, then
      ask for a new analysis through the API.
    </p>
  </>
);

export const NotFoundView = () => (
  <>
    <h1>Page not found</h1>
    <p>There is no report at this address, or its owner has made it private.</p>
    <p>
      <a href="/">Go to the Pagegrade home page</a>
    </p>
  </>
);
