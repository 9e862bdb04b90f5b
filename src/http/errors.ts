import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

export type FieldErrors = Record<string, string[]>;

/** The one error the API throws; `renderError` turns it (and anything else) into the one error shape. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
    /** Fields the error adds to the shape after `message` and `status` (a quota's `code`, `counter`, `resets_at`). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (): never => {
  throw new ApiError(404, "Resource not found.");
};

export function errorBody(status: number, message: string, errors?: FieldErrors) {
  return errors ? { message, errors, status } : { message, status };
}

export function renderError(err: Error, c: Context): Response {
  if (err instanceof ApiError) {
    return c.json({ ...errorBody(err.status, err.message, err.errors), ...err.details }, err.status, err.headers);
  }
  // An exception that carries its own answer (the MCP transport's JSON-RPC errors: 406, 415, 400) is sent as it is.
  if (err instanceof HTTPException && err.res) return err.getResponse();
  if (err instanceof HTTPException) {
    const message = err.status === 400 ? badRequestMessage(err.message) : defaultMessage(err.status);
    return c.json(errorBody(err.status, message), err.status as ContentfulStatusCode);
  }
  console.error("unhandled error", err);
  return c.json(errorBody(500, "Something went wrong on our side. Please try again."), 500);
}

/** Hono's parsers say what broke in their own words; the client gets one plain sentence. */
function badRequestMessage(message: string): string {
  if (message.startsWith("Malformed JSON")) return "Malformed JSON in request body";
  if (message.startsWith("Malformed FormData")) return "The request body is not valid form data.";
  return "The request could not be read.";
}

function defaultMessage(status: number): string {
  if (status === 413) return "The request body is larger than 64 KiB.";
  if (status === 404) return "Resource not found.";
  return "The request could not be processed.";
}
