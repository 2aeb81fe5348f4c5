import { z } from "zod";
import { defineCall } from "./define";

export const systemCalls = {
  health: defineCall({
    method: "GET",
    path: "/api/health",
    auth: "none",
    summary: "Liveness, version and the database in use",
    data: z.object({
      status: z.literal("ok"),
      version: z.string(),
      version_code: z.number().int(),
      database: z.enum(["pglite", "postgres"]),
    }),
  }),
};
