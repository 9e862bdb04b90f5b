// Build-time stand-in for zod/v3 (see ajv.ts): the SDK reaches zod 3 only for tools whose schemas are zod 3;
// every schema here is zod 4.
export function object(): never {
  throw new Error("zod 3 schemas are not supported in pagegrade: use zod 4");
}
