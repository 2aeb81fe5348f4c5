import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type BodyOf, type Calls, calls } from "@cryptos/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { realNameSubmissions } from "../src/db/schema";
import { ManualClock } from "../src/lib/clock";
import { Refusal } from "../src/lib/errors";
import { maskDocNumber, normalizeDocNumber, normalizeName } from "../src/modules/identity/service";
import { tinyPng, upload } from "./funds-fixtures";
import { startTestApp, type TestApp } from "./helper";
import { type SignedUpUser, signUp } from "./sign-up";

let t: TestApp;
let dataDir: string;
let op: string;
const clock = new ManualClock(new Date("2026-03-02T10:00:00Z"));

/** A GB 11643 resident ID whose check character is right; the same body with a wrong one is refused. */
const VALID_ID_CARD = "11010519491231002X";

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "cryptos-identity-"));
  t = await startTestApp({ config: { dataDir }, clock });
  op = await t.operatorToken();
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function images(user: SignedUpUser, count = 2): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await upload(t, user, { data: tinyPng({ size: 4 + i }) });
    expect(res.body.code, res.body.msg).toBe(1);
    ids.push(res.body.data!.id);
  }
  return ids;
}

type RealNameInput = BodyOf<Calls["submitRealName"]>;

const doreal = (user: SignedUpUser, body: RealNameInput, lang?: string) =>
  t.send("submitRealName", { as: user, body, headers: lang ? { lang } : {} });

const getreals = (user: SignedUpUser) => t.api("getRealNameStatus", { as: user });

const review = (id: number, action: "complete" | "reject", reason?: string) =>
  t.send("adminRealReview", { as: op, body: { id, action, reason } });

async function pendingOf(user: SignedUpUser) {
  const res = await t.send("adminRealList", { as: op, body: { status: "pending", uid: user.userId } });
  expect(res.body.code, res.body.msg).toBe(1);
  const { items } = res.body.data!;
  expect(items).toHaveLength(1);
  return items[0]!;
}

/** The user's newest personal message, opened as the message screen does (in `lang`). */
async function latestMessage(user: SignedUpUser, lang = "en") {
  const headers = { lang };
  const [first] = (await t.api("listMessages", { as: user, headers, query: { cid: 3, page: 1, list: 1 } })).items;
  if (!first) return undefined;
  return t.api("readMessage", { as: user, headers, query: { id: first.id } });
}

describe("real-name rules", () => {
  it("normalises and checks names", () => {
    expect(normalizeName("  Jean-Luc   O'Brien ")).toBe("Jean-Luc O'Brien");
    expect(normalizeName("阿卜杜·拉赫曼")).toBe("阿卜杜·拉赫曼");
    expect(normalizeName("李雷")).toBe("李雷");
    for (const bad of ["A", " ", "<script>", "Robert'); DROP", "Agent 007", "x".repeat(61), "-Ann"]) {
      expect(() => normalizeName(bad), bad).toThrow(Refusal);
    }
    expect(normalizeName("x".repeat(60))).toHaveLength(60);
  });

  it("checks document numbers per type", () => {
    expect(normalizeDocNumber("passport", " e1234 5678 ")).toBe("E12345678");
    expect(normalizeDocNumber("id_card", VALID_ID_CARD.toLowerCase())).toBe(VALID_ID_CARD);
    expect(normalizeDocNumber("id_card", "X-1234-567")).toBe("X1234567");
    expect(normalizeDocNumber("driver_license", "D123-4567-8901")).toBe("D12345678901");
    const refused: [Parameters<typeof normalizeDocNumber>[0], string][] = [
      ["passport", "E1234"], // too short
      ["passport", "E123456789"], // too long
      ["passport", "ABCDEFGH"], // no digit
      ["id_card", "110105194912310021"], // 18 digits with a wrong check character
      ["id_card", "12/34/56"],
      ["driver_license", "ABCDEF"],
      ["driver_license", "D12<b>34"],
    ];
    for (const [type, value] of refused) expect(() => normalizeDocNumber(type, value), value).toThrow(Refusal);
  });

  it("masks all but the last 4 characters", () => {
    expect(maskDocNumber("E12345678")).toBe("*****5678");
    expect(maskDocNumber(VALID_ID_CARD)).toBe("**************002X");
    expect(maskDocNumber("12345")).toBe("*2345");
  });
});

describe("real-name verification over the API", () => {
  it("starts at none, goes under review with the number masked, and the operator sees it whole", async () => {
    const user = await signUp(t);
    expect(await getreals(user)).toEqual({
      status: "none",
      name: null,
      doc_type: null,
      doc_number: null,
      reason: null,
      submitted_at: null,
    });
    expect(await t.app.services.identity.status(user.userId)).toBe("none");

    const ids = await images(user, 2);
    const res = await doreal(user, {
      name: "  Ada  Lovelace ",
      doc_type: "passport",
      doc_number: "e1234 5678",
      images: ids,
    });
    expect(res.body).toMatchObject({
      code: 1,
      data: {
        status: "under_review",
        name: "Ada Lovelace",
        doc_type: "passport",
        doc_number: "*****5678",
        reason: null,
      },
    });
    expect(JSON.stringify(res.body)).not.toContain("E12345678");
    expect(await getreals(user)).toMatchObject({ status: "under_review", doc_number: "*****5678" });
    expect(await t.app.services.identity.status(user.userId)).toBe("under_review");

    const pending = await pendingOf(user);
    expect(pending).toMatchObject({
      user_id: user.userId,
      name: "Ada Lovelace",
      doc_type: "passport",
      doc_number: "E12345678",
      status: "pending",
      reviewed_by: null,
    });
    expect(pending.images.map((i) => i.id)).toEqual(ids);

    // The operator's signed URL shows the image; the bare file path opens nothing for anyone but owner/operators.
    const image = await t.app.inject({ method: "GET", url: pending.images[0]!.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    const bare = `/api/common/file/${ids[0]}`;
    const stranger = await signUp(t);
    expect((await t.app.inject({ method: "GET", url: bare, headers: stranger.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: bare })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: bare, headers: user.headers })).statusCode).toBe(200);
    const operator = { authorization: `Bearer ${op}` };
    expect((await t.app.inject({ method: "GET", url: bare, headers: operator })).statusCode).toBe(200);
    // Nor does a stranger see anything of it in their own state.
    expect((await getreals(stranger)).status).toBe("none");
  });

  it("allows one pending submission at a time, and refuses a second with a message in the user's language", async () => {
    const user = await signUp(t);
    const ids = await images(user, 2);
    const body: RealNameInput = { name: "Grace Hopper", doc_type: "id_card", doc_number: VALID_ID_CARD, images: ids };
    expect((await doreal(user, body)).body.code).toBe(1);
    const again = await doreal(user, body);
    expect(again.body).toMatchObject({
      code: 0,
      msg: "Your real-name verification is under review; please wait for the result",
    });
    expect((await doreal(user, body, "zh-Hans")).body.msg).toBe("您的实名认证正在审核中，请耐心等待结果");
    const rows = await t.database.db
      .select()
      .from(realNameSubmissions)
      .where(eq(realNameSubmissions.userId, user.userId));
    expect(rows).toHaveLength(1);
  });

  it("keeps exactly one pending submission when the same user submits many times at once", async () => {
    const user = await signUp(t);
    const ids = await images(user, 2);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        doreal(user, { name: `Racer ${"abcdef"[i]}`, doc_type: "passport", doc_number: `P100000${i}`, images: ids }),
      ),
    );
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(1);
    for (const a of answers.filter((x) => x.body.code !== 1)) {
      expect(a.body.msg).toBe("Your real-name verification is under review; please wait for the result");
    }
    const rows = await t.database.db
      .select()
      .from(realNameSubmissions)
      .where(eq(realNameSubmissions.userId, user.userId));
    expect(rows.map((r) => r.status)).toEqual(["pending"]);
  });

  it("has the database refuse a second open submission even when the service's checks are bypassed", async () => {
    const user = await signUp(t);
    const row = {
      userId: user.userId,
      name: "Direct Insert",
      docType: "passport",
      docNumber: "D1234567",
      imageIds: [],
      status: "pending",
      createdAt: new Date(),
    };
    await t.database.db.insert(realNameSubmissions).values(row);
    await expect(t.database.db.insert(realNameSubmissions).values(row)).rejects.toThrow();
    await expect(t.database.db.insert(realNameSubmissions).values({ ...row, status: "verified" })).rejects.toThrow();
    // A failed one is history, not open: any number may exist.
    await t.database.db.insert(realNameSubmissions).values([
      { ...row, status: "failed" },
      { ...row, status: "failed" },
    ]);
  });

  it("refuses bad names, numbers that do not fit their type, duplicate and foreign images, storing nothing", async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    const mine = await images(user, 2);
    const mine1 = mine[0]!;
    const theirs = (await images(other, 1))[0]!;
    const ok: RealNameInput = {
      name: "Alan Turing",
      doc_type: "driver_license",
      doc_number: "T1234-5678",
      images: mine,
    };
    const cases: [RealNameInput, string][] = [
      [{ ...ok, name: "X1" }, "Enter your full name as it appears on the document (2 to 60 letters)"],
      [{ ...ok, name: "x".repeat(61) }, "Enter your full name as it appears on the document (2 to 60 letters)"],
      [
        { ...ok, doc_type: "passport", doc_number: "AB12" },
        "This is not a valid passport number (6 to 9 letters and digits)",
      ],
      [{ ...ok, doc_type: "id_card", doc_number: "110105194912310021" }, "This is not a valid ID card number"],
      [{ ...ok, doc_number: "ABCDEFGH" }, "This is not a valid driver's license number"],
      [{ ...ok, images: [mine1, mine1] }, "Each image must be a different photo of your document"],
      [{ ...ok, images: [mine1, theirs] }, `Image ${theirs} was not found; please upload it again`],
    ];
    for (const [body, msg] of cases) {
      const res = await doreal(user, body);
      expect(res.body, JSON.stringify(body)).toMatchObject({ code: 0, msg });
    }
    // Malformed input never reaches the service: unknown document type (raw: the contract has no such type), too
    // many images.
    const libraryCard = await t.call(calls.submitRealName.path, {
      headers: user.headers,
      body: { ...ok, doc_type: "library_card" },
    });
    expect(libraryCard.body.code).toBe(0);
    expect((await doreal(user, { ...ok, images: [1, 2, 3, 4] })).body.code).toBe(0);
    expect(await getreals(user)).toMatchObject({ status: "none" });
    expect((await doreal(user, ok)).body).toMatchObject({ code: 1, data: { doc_number: "*****5678" } });
  });

  it("fails with a reason (required), audits it, tells the user, then verifies a resubmission for good", async () => {
    const user = await signUp(t);
    const ids = await images(user, 3);
    const first = await doreal(user, {
      name: "Katherine Johnson",
      doc_type: "id_card",
      doc_number: "K1234567",
      images: ids,
    });
    expect(first.body.code, first.body.msg).toBe(1);
    const submission = await pendingOf(user);

    const noReason = await review(submission.id, "reject", "   ");
    expect(noReason.body).toMatchObject({ code: 0, msg: "Please give a reason for the rejection" });
    expect((await getreals(user)).status).toBe("under_review");

    const rejected = await review(submission.id, "reject", "The photo is blurred");
    expect(rejected.body).toMatchObject({
      code: 1,
      data: { id: submission.id, status: "failed", reason: "The photo is blurred", reviewed_by: expect.any(Number) },
    });
    expect(await getreals(user)).toMatchObject({ status: "failed", reason: "The photo is blurred" });
    expect(await t.app.services.identity.status(user.userId)).toBe("failed");
    expect(await latestMessage(user)).toMatchObject({
      title: "Identity verification failed",
      body: expect.stringContaining("The photo is blurred"),
    });
    expect(await latestMessage(user, "ja")).toMatchObject({ title: "本人確認が承認されませんでした" });
    // Reviewed is final.
    expect((await review(submission.id, "complete")).body).toMatchObject({
      code: 0,
      msg: `Request ${submission.id} has already been reviewed`,
    });

    const audit = await t.api("adminAuditList", { as: op, body: { action: "real_name.reject" } });
    const entry = audit.items.find((a) => a.target_id === String(submission.id));
    expect(entry).toMatchObject({
      before: { status: "pending", user_id: user.userId },
      after: { status: "failed", user_id: user.userId, reason: "The photo is blurred" },
      reason: "The photo is blurred",
    });

    // Failed: the user may submit again (the same images are still theirs).
    const second = await doreal(user, {
      name: "Katherine Johnson",
      doc_type: "id_card",
      doc_number: "K7654321",
      images: ids,
    });
    expect(second.body).toMatchObject({ code: 1, data: { status: "under_review", reason: null } });
    const resubmitted = await pendingOf(user);
    expect(resubmitted.id).not.toBe(submission.id);
    const verified = await review(resubmitted.id, "complete");
    expect(verified.body).toMatchObject({ code: 1, data: { status: "verified", reason: null } });
    expect(await getreals(user)).toMatchObject({ status: "verified", doc_number: "****4321", reason: null });
    expect(await latestMessage(user)).toMatchObject({ title: "Identity verified" });
    const completeAudit = await t.api("adminAuditList", { as: op, body: { action: "real_name.complete" } });
    expect(completeAudit.items.map((a) => a.target_id)).toContain(String(resubmitted.id));

    // Verified: no more submissions.
    const third = await doreal(user, {
      name: "Katherine Johnson",
      doc_type: "id_card",
      doc_number: "K1111111",
      images: ids,
    });
    expect(third.body).toMatchObject({ code: 0, msg: "Your identity has already been verified" });

    // The funds module reads the same state (withdrawal rule).
    const info = await t.api("getWithdrawalOptions", { as: user, body: {} });
    expect(info).toMatchObject({ real_name_status: "verified" });
    // And userinfo shows it, with the review messages counted as unread.
    const { users } = await t.api("getUserInfo", { as: user });
    expect(users.real_name_status).toBe("verified");
    expect(users.unread).toBeGreaterThanOrEqual(1);
  });

  it("reviews a submission once when operators click at the same moment", async () => {
    const user = await signUp(t);
    const ids = await images(user, 2);
    expect(
      (await doreal(user, { name: "Race Review", doc_type: "passport", doc_number: "R1234567", images: ids })).body
        .code,
    ).toBe(1);
    const { id } = await pendingOf(user);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => review(id, i % 2 ? "complete" : "reject", "no")),
    );
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(1);
    const messages = await t.api("listMessages", { as: user, query: { cid: 3, page: 1, list: 10 } });
    expect(messages.total).toBe(1);
  });

  it("lists by status with paging, and only for operators", async () => {
    const user = await signUp(t);
    const ids = await images(user, 2);
    expect(
      (await doreal(user, { name: "Page One", doc_type: "passport", doc_number: "L1234567", images: ids })).body.code,
    ).toBe(1);

    const data = await t.api("adminRealList", { as: op, body: { status: "pending" }, query: { page: 1, list: 1 } });
    expect(data).toMatchObject({ page: 1, list: 1 });
    expect(data.items).toHaveLength(1);
    expect(data.total).toBeGreaterThanOrEqual(2);
    expect(data.items.every((i) => i.status === "pending")).toBe(true);
    // Oldest pending first: a queue.
    const page2 = await t.api("adminRealList", { as: op, body: { status: "pending" }, query: { page: 2, list: 1 } });
    expect(page2.items[0]!.id).toBeGreaterThan(data.items[0]!.id);

    const verified = await t.api("adminRealList", { as: op, body: { status: "verified" } });
    expect(verified.items.every((i) => i.status === "verified")).toBe(true);

    const asUser = await t.send("adminRealList", { as: user, body: {} });
    expect(asUser.status).toBe(401);
    const reviewAsUser = await t.send("adminRealReview", { as: user, body: { id: 1, action: "complete" } });
    expect(reviewAsUser.status).toBe(401);
    expect((await t.send("getRealNameStatus")).status).toBe(401);
    expect((await review(2_000_000, "complete")).body).toMatchObject({ code: 0, msg: "Request 2000000 was not found" });
  });
});
