import {
  type adminRealName,
  type DocType,
  isIdCard,
  type Paged,
  type RealNameStatus,
  type ReviewAction,
  type realName,
} from "@cryptos/contract";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import { withTransaction } from "../../db/transaction";
import type { MessageKey } from "../../i18n/translate";
import type { Clock } from "../../lib/clock";
import { Refusal } from "../../lib/errors";
import type { AdminService } from "../admin/service";
import type { UploadsService } from "../funds/uploads";
import type { RealNameCheck } from "../funds/withdrawals";
import type { MessagesService } from "../messages/service";
import type { SubmissionRow } from "./repo";
import * as repo from "./repo";

type RealNameView = z.infer<typeof realName>;
type AdminRealNameView = z.infer<typeof adminRealName>;
type SubmissionStatus = AdminRealNameView["status"];

export const NAME_MIN = 2;
export const NAME_MAX = 60;
export const IMAGES_MIN = 1;
export const IMAGES_MAX = 3;

/** Letters (any script) and the marks, spaces and punctuation real names carry: O'Brien, Jean-Luc, 阿卜杜·拉赫曼. */
const NAME_PATTERN = /^\p{L}[\p{L}\p{M} '’.\-·・]*$/u;

/**
 * Document numbers after normalisation (upper case, spaces and hyphens removed). Every one holds at least one
 * digit. Passports: the ICAO 9303 document number, 6 to 9 characters. ID cards and driver's licenses differ by
 * country, so 5 to 20 letters and digits; an 18-character all-digit ID card (China's resident ID, the one
 * format the spec names) must also carry its GB 11643 check character.
 */
const DOC_PATTERNS: Record<DocType, RegExp> = {
  id_card: /^[A-Z0-9]{5,20}$/,
  passport: /^[A-Z0-9]{6,9}$/,
  driver_license: /^[A-Z0-9]{5,20}$/,
};
const DOC_REFUSALS: Record<DocType, MessageKey> = {
  id_card: "real_name_id_card_invalid",
  passport: "real_name_passport_invalid",
  driver_license: "real_name_driver_license_invalid",
};

/** The name as stored: NFC, trimmed, inner whitespace collapsed; refused unless 2-60 characters of a name. */
export function normalizeName(raw: string): string {
  const name = raw.normalize("NFC").trim().replace(/\s+/g, " ");
  const length = [...name].length;
  if (length < NAME_MIN || length > NAME_MAX || !NAME_PATTERN.test(name)) throw new Refusal("real_name_name_invalid");
  return name;
}

/** The document number as stored (upper case, no separators); refused unless it fits its type. */
export function normalizeDocNumber(docType: DocType, raw: string): string {
  const number = raw
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, "");
  const fits =
    DOC_PATTERNS[docType].test(number) &&
    /\d/.test(number) &&
    (docType !== "id_card" || !/^\d{17}[\dX]$/.test(number) || isIdCard(number));
  if (!fits) throw new Refusal(DOC_REFUSALS[docType]);
  return number;
}

/** What the user is shown of their document number: every character but the last 4 masked. */
export function maskDocNumber(number: string): string {
  const visible = Math.min(4, Math.max(0, number.length - 1));
  return "*".repeat(number.length - visible) + number.slice(number.length - visible);
}

const STATUS_SHOWN: Record<SubmissionStatus, RealNameStatus> = {
  pending: "under_review",
  verified: "verified",
  failed: "failed",
};

const iso = (d: Date | null) => d?.toISOString() ?? null;

export interface IdentityDeps {
  admin: AdminService;
  messages: MessagesService;
  uploads: UploadsService;
}

/** An operator's review of one submission, and who did it from where. */
export interface RealNameReviewInput {
  operatorId: number;
  ip: string | undefined;
  id: number;
  action: ReviewAction;
  reason?: string | undefined;
}

/**
 * Real-name verification: a user submits name, document and images (their own uploads); an operator verifies or
 * fails it (with a reason the user sees, after which they may submit again). One open submission per user is
 * enforced by the database (see the schema), not by a read-then-write here. Reviews lock the row, are audited,
 * and reach the user as a message, all in one transaction.
 */
export class IdentityService implements RealNameCheck {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: IdentityDeps,
  ) {}

  /** The user's real-name state: none, under_review, verified or failed (withdrawal rule, userinfo). */
  async status(userId: number, conn: Db | Tx = this.db): Promise<RealNameStatus> {
    const latest = await repo.latestSubmission(conn, userId);
    return latest ? STATUS_SHOWN[latest.status as SubmissionStatus] : "none";
  }

  private userView(row: SubmissionRow | undefined): RealNameView {
    if (!row) return { status: "none", name: null, doc_type: null, doc_number: null, reason: null, submitted_at: null };
    return {
      status: STATUS_SHOWN[row.status as SubmissionStatus],
      name: row.name,
      doc_type: row.docType as DocType,
      doc_number: maskDocNumber(row.docNumber),
      reason: row.status === "failed" ? row.reason : null,
      submitted_at: row.createdAt.toISOString(),
    };
  }

  /** `getRealNameStatus`: the caller's newest submission, document number masked. */
  async mine(userId: number): Promise<RealNameView> {
    return this.userView(await repo.latestSubmission(this.db, userId));
  }

  private refuseOpen(row: SubmissionRow | undefined): void {
    if (row?.status === "pending") throw new Refusal("real_name_pending");
    if (row?.status === "verified") throw new Refusal("real_name_already_verified");
  }

  /** `submitRealName`: a new pending submission, unless one is pending or the user is verified. */
  async submit(
    userId: number,
    input: { name: string; doc_type: DocType; doc_number: string; images: number[] },
  ): Promise<RealNameView> {
    const name = normalizeName(input.name);
    const docNumber = normalizeDocNumber(input.doc_type, input.doc_number);
    if (input.images.length < IMAGES_MIN || input.images.length > IMAGES_MAX) {
      throw new Refusal("real_name_images_count");
    }
    if (new Set(input.images).size !== input.images.length) throw new Refusal("real_name_images_duplicate");
    this.refuseOpen(await repo.latestSubmission(this.db, userId));
    await this.deps.uploads.assertOwned(this.db, userId, input.images);
    const row = await repo.insertSubmissionUnlessOpen(this.db, {
      userId,
      name,
      docType: input.doc_type,
      docNumber,
      imageIds: input.images,
      status: "pending",
      createdAt: this.clock.now(),
    });
    if (!row) {
      // A simultaneous submission (or a review) got there first; say which.
      const latest = await repo.latestSubmission(this.db, userId);
      this.refuseOpen(latest);
      throw new Refusal("real_name_pending");
    }
    return this.userView(row);
  }

  private async adminViews(conn: Db | Tx, rows: SubmissionRow[]): Promise<AdminRealNameView[]> {
    const urls = await this.deps.uploads.urls(
      conn,
      rows.flatMap((r) => r.imageIds),
    );
    return rows.map((r) => ({
      id: r.id,
      user_id: r.userId,
      name: r.name,
      doc_type: r.docType as DocType,
      doc_number: r.docNumber,
      images: r.imageIds.flatMap((id) => {
        const url = urls.get(id);
        return url ? [{ id, url }] : [];
      }),
      status: r.status as SubmissionStatus,
      reason: r.reason,
      created_at: r.createdAt.toISOString(),
      reviewed_at: iso(r.reviewedAt),
      reviewed_by: r.reviewedBy,
    }));
  }

  /** Submissions for the console, by status and/or user, with the full document number and signed image URLs. */
  async submissions(
    filter: { userId?: number | undefined; status?: SubmissionStatus | undefined },
    page: number,
    list: number,
  ): Promise<Paged<AdminRealNameView>> {
    const { items, total } = await repo.listSubmissions(this.db, {
      ...filter,
      limit: list,
      offset: (page - 1) * list,
    });
    return { items: await this.adminViews(this.db, items), total, page, list };
  }

  /**
   * Verifies (complete) or fails (reject; reason required) a pending submission, exactly once: the row lock and
   * status check make two operators clicking at once review it once. Audited, and the user gets a message.
   */
  async review(input: RealNameReviewInput): Promise<AdminRealNameView> {
    const reason = input.reason?.trim() || null;
    if (input.action === "reject" && !reason) throw new Refusal("review_reason_required");
    const { admin, messages } = this.deps;
    return withTransaction(this.db, async (tx) => {
      const row = await repo.lockSubmission(tx, input.id);
      if (!row) throw new Refusal("review_not_found", { id: input.id });
      if (row.status !== "pending") throw new Refusal("review_already_done", { id: input.id });
      const status: SubmissionStatus = input.action === "complete" ? "verified" : "failed";
      const updated = await repo.setSubmissionReview(tx, row.id, {
        status,
        reason: status === "failed" ? reason : null,
        reviewedAt: this.clock.now(),
        reviewedBy: input.operatorId,
      });
      // The document number stays out of the audit log: the submission row keeps it, the log says who decided.
      await admin.audit(tx, {
        operatorId: input.operatorId,
        action: `real_name.${input.action}`,
        target: { type: "real_name", id: row.id },
        before: { status: row.status, user_id: row.userId },
        after: { status, user_id: row.userId, reason: updated.reason },
        reason: reason ?? undefined,
        ip: input.ip,
      });
      await messages.notify(
        tx,
        row.userId,
        status === "verified"
          ? { title: "real_name_verified_title", body: "real_name_verified_body" }
          : { title: "real_name_failed_title", body: "real_name_failed_body", params: { reason: reason ?? "" } },
      );
      const [view] = await this.adminViews(tx, [updated]);
      return view as AdminRealNameView;
    });
  }
}
