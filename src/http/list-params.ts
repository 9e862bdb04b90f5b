import { z } from "zod";

/** A query value from a fixed set, with the allowed values named in the error. */
export const oneOf = <const T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, { error: `The ${field} field must be one of ${values.join(", ")}.` });

export const listParams = {
  sort: oneOf("sort", ["desc", "asc"]).default("desc"),
  per_page: oneOf("per_page", ["10", "25", "50", "100"]).default("10").transform(Number),
  page: z
    .string({ error: "The page field must be an integer of at least 1." })
    .regex(/^[1-9]\d{0,8}$/, "The page field must be an integer of at least 1.")
    .default("1")
    .transform(Number),
  search: z.string({ error: "The search field must be a string." }).max(255, "The search field must be at most 255 characters.").optional(),
};

/** `%` and `_` match themselves: escape them (and the escape character) for `LIKE ... ESCAPE '\'`. */
export const likeContains = (search: string) => `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
