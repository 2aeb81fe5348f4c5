import { z } from "zod";
import { defineCall } from "./define";

/** The parts of a server whose failure readiness names (decision 115). */
export const HEALTH_PARTS = ["database", "feed", "settlement"] as const;
export type HealthPart = (typeof HEALTH_PARTS)[number];

export const systemCalls = {
  health: defineCall({
    method: "GET",
    path: "/api/health",
    auth: "none",
    summary:
      "Readiness: a database round trip bounded by 1 s, the price feed's newest tick and settlement's lag; names the failing part",
    unavailableWhen:
      "Not ready: the database did not answer within 1 s or failed, or the server is draining before it stops; `data.failing` names the part",
    data: z.object({
      /**
       * Readiness, as before: ok while the database answers (the feed or settlement may still lag: see `failing`);
       * failing, with HTTP 503, when it does not or the server is draining.
       */
      status: z.enum(["ok", "failing"]),
      version: z.string(),
      version_code: z.number().int(),
      database: z.enum(["pglite", "postgres"]),
      /** The parts that fail, empty when status is ok. */
      failing: z.array(z.enum(HEALTH_PARTS)),
      /** SIGTERM was received: orders are refused and the server stops within DRAIN_SECONDS. */
      draining: z.boolean(),
      checks: z.object({
        database: z.object({ ok: z.boolean(), ms: z.number().nullable(), error: z.string().nullable() }),
        feed: z.object({ ok: z.boolean(), newest_tick_age_s: z.number().nullable() }),
        settlement: z.object({
          ok: z.boolean(),
          overdue_orders: z.number().int().nullable(),
          oldest_overdue_s: z.number().nullable(),
        }),
      }),
    }),
  }),
};
