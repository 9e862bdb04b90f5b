import { z } from "zod";

/** A field name in a message, cut so a long one stays readable. */
const shown = (name: string) => (name.length > 64 ? `${name.slice(0, 64)}...` : name);

const listed = (names: readonly string[]) =>
  names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

/** How many unknown names one message spells out: the `errors` object names each of them anyway. */
const NAMED = 5;

/**
 * The one-sentence message of unknown fields: which ones, and, when known (a write body's own), the fields the
 * request takes.
 */
export function unknownFieldsMessage(unknown: readonly string[], known?: readonly string[]): string {
  const named = unknown.slice(0, NAMED).map(shown);
  const rest = unknown.length - named.length;
  const subject = rest > 0 ? `${named.join(", ")} and ${rest} more` : listed(named);
  const verb = unknown.length === 1 ? "field is" : "fields are";
  return `The ${subject} ${verb} unknown${known ? `: this request takes ${listed(known)}` : ""}.`;
}

/** What `errors` says under the name of each unknown field. */
export const unknownFieldMessage = (name: string) => `The ${shown(name)} field is unknown.`;

/**
 * A write body (POST, PUT, PATCH): its fields and no others. A field the request does not have is a 422 naming it,
 * never dropped, so a client that sends `max_pages` does not believe it set something; the document says
 * `additionalProperties: false`. Query parameters are not body fields, and a form's nested fields
 * (`auth[basic][username]`) are folded into their object before this schema sees them.
 */
export const writeBody = <S extends z.core.$ZodLooseShape>(shape: S) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? unknownFieldsMessage(issue.keys, Object.keys(shape))
        : "The request body must be an object of fields.",
  });
