import { z } from "zod";

/** Names of a resource schema's keys, in its order: the allowed values of its `fields` parameter. */
export const keysOf = <T extends z.ZodRawShape>(schema: z.ZodObject<T>) =>
  Object.keys(schema.shape) as [Extract<keyof T, string>, ...Extract<keyof T, string>[]];

/** With `fields=`, a resource has its key and the fields asked for. */
export const withFields = <T extends z.ZodRawShape>(schema: z.ZodObject<T>, key: keyof T & string): z.ZodObject =>
  schema.partial().required({ [key]: true } as never);

/**
 * The `fields` query parameter of a resource: comma-separated names among `allowed`; unknown names are 422 naming
 * the allowed ones. The resource's key (`id`, or `project` for projects) is always included. Absent: undefined,
 * the whole resource.
 */
export function fieldsParam<const T extends readonly [string, ...string[]]>(allowed: T, key: T[number] = allowed[0]) {
  const message = `The fields field must be a comma-separated list of: ${allowed.join(", ")}.`;
  return z
    .string({ error: message })
    .max(1000, message)
    .transform((value, ctx): T[number][] => {
      const names = value.split(",").map((name) => name.trim());
      if (names.some((name) => !allowed.includes(name))) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return allowed.filter((name) => name === key || names.includes(name));
    })
    .optional()
    .meta({ description: `Comma-separated fields to return (${allowed.join(", ")}); \`${key}\` is always included. Default: all.` });
}

export type Fields<K extends string> = readonly K[] | undefined;

/** The resource with only the chosen fields, in the resource's own order; all of it when none were chosen. */
export function pickFields<R extends Record<string, unknown>>(resource: R, fields: Fields<Extract<keyof R, string>>): Partial<R> {
  if (!fields) return resource;
  return Object.fromEntries(fields.map((name) => [name, resource[name]])) as unknown as Partial<R>;
}
