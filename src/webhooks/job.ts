import { z } from "zod";

/** Body of a message on the webhook queue: one attempt of one delivery. */
export const deliveryJobSchema = z.object({
  deliveryId: z.number().int().positive(),
  /** Attempts made before this one: a message whose attempt was already made (a duplicate) changes nothing. */
  attempt: z.number().int().min(0),
  /** Epoch ms before which the attempt must not run: set when the wait is longer than one queue delay. */
  notBefore: z.number().int().positive().optional(),
});

export type DeliveryJob = z.infer<typeof deliveryJobSchema>;
