import { bodyLimit } from "hono/body-limit";
import { ApiError } from "./errors";

const MAX_BODY_BYTES = 64 * 1024;

/** Every request body the service reads (the API's, /mcp's) is at most 64 KiB: 413 in the one error shape over it. */
export const limitBody = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => {
    throw new ApiError(413, "The request body is larger than 64 KiB.");
  },
});
