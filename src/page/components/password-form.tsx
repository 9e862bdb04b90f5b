import { CSRF_FIELD } from "../csrf";

export interface PasswordFormProps {
  /** Where the form posts: the subject's page path + /unlock. */
  action: string;
  /** What is protected, in words: "report", "site report". */
  noun: string;
  /** Absent when the form cannot be used (no server secret): the error then says why. */
  csrfToken?: string;
  error?: string;
}

export const PasswordForm = ({ action, noun, csrfToken, error }: PasswordFormProps) => (
  <>
    <h1>This {noun} is protected</h1>
    <p>Its owner shared it with a password. Enter it to see the SEO {noun}.</p>
    <form class="panel" method="post" action={action}>
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
        Unlock {noun}
      </button>
    </form>
  </>
);
