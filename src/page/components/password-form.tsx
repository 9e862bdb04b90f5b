import { CSRF_FIELD } from "../csrf";

export interface PasswordFormProps {
  reportId: number;
  /** Absent when the form cannot be used (no server secret): the error then says why. */
  csrfToken?: string;
  error?: string;
}

export const PasswordForm = ({ reportId, csrfToken, error }: PasswordFormProps) => (
  <>
    <h1>This report is protected</h1>
    <p>Its owner shared it with a password. Enter it to see the SEO report.</p>
    <form class="panel" method="post" action={`/reports/${reportId}/unlock`}>
      <label for="password">Password</label>
      <input
        type="password"
        id="password"
        name="password"
        required
        maxlength={128}
        autocomplete="current-password"
        aria-describedby={error ? "password-error" : undefined}
        aria-invalid={error ? "true" : undefined}
      />
      {csrfToken && <input type="hidden" name={CSRF_FIELD} value={csrfToken} />}
      {error && (
        <p class="error" id="password-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" disabled={!csrfToken}>
        Unlock report
      </button>
    </form>
  </>
);
