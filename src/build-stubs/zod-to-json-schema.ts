// Build-time stand-in for zod-to-json-schema (see ajv.ts): the SDK converts only zod 3 schemas with it; zod 4
// schemas go through zod's own toJSONSchema.
export function zodToJsonSchema(): never {
  throw new Error("zod 3 schemas are not supported in pagegrade: use zod 4");
}
