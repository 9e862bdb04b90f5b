import { z } from "zod";

/*
 * The fields a report's and a crawl's write bodies share (docs/api.md): privacy, render and the privacy password.
 */

export const privacyValues = [0, 1, 2] as const;
export const renderValues = [0, 1] as const;

/** Forms send "1", JSON sends 1: both are accepted, anything else names the allowed values. */
export const integerOf = <const T extends readonly number[]>(field: string, values: T) =>
  z
    .union([z.enum(values.map(String) as [string, ...string[]]), z.number()], {
      error: `The ${field} field must be one of ${values.join(", ")}.`,
    })
    .transform((v) => Number(v))
    .refine((v): v is T[number] => values.includes(v), { error: `The ${field} field must be one of ${values.join(", ")}.` });

export const password = z
  .string({ error: "The password field must be a string." })
  .min(1, "The password field must be 1 to 128 characters.")
  .max(128, "The password field must be 1 to 128 characters.");
