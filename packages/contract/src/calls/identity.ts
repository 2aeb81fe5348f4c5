import { z } from "zod";
import { DOC_TYPES, REAL_NAME_STATUSES } from "../enums";
import { id, timestamp } from "../envelope";
import { defineCall } from "./define";

export const realName = z.object({
  status: z.enum(REAL_NAME_STATUSES),
  name: z.string().nullable(),
  doc_type: z.enum(DOC_TYPES).nullable(),
  doc_number: z.string().nullable(),
  reason: z.string().nullable(),
  submitted_at: timestamp.nullable(),
});

/** Real-name verification: the user submits a document, an operator reviews it. */
export const identityCalls = {
  submitRealName: defineCall({
    method: "POST",
    path: "/api/index/doreal",
    auth: "user",
    summary: "Submit real-name verification",
    body: z.object({
      name: z.string().trim().min(2).max(64),
      doc_type: z.enum(DOC_TYPES),
      doc_number: z.string().trim().min(4).max(32),
      images: z.array(id).min(1).max(3),
    }),
    data: realName,
  }),
  getRealNameStatus: defineCall({
    method: "POST",
    path: "/api/index/getreals",
    auth: "user",
    summary: "My real-name status",
    data: realName,
  }),
};
