import { type BodyOf, type Calls, CODE_COUNTDOWN_S, calls, type Network } from "@cryptos/contract";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../src/lib/clock";
import { userPastCodeWait } from "./factories/user";
import { fundUser } from "./fixtures";
import { balanceOf, emailedCode } from "./funds-fixtures";
import { startTestApp, type TestApp } from "./helper";
import type { SignedUpUser } from "./sign-up";

/**
 * The withdrawal address book and its one rule (decision 120): saved addresses per currency and network with a
 * label, format checked; withdrawals go only to saved addresses past their hold; a new address is usable 24 h after
 * it is saved, or at once when it was saved with the two-step code (asked for whenever TOTP is on). Typed addresses
 * are refused with TOTP on or off; nobody sees or deletes another user's addresses.
 */

const STEP_MS = 30_000;
const HOUR_MS = 60 * 60 * 1000;
// Five seconds into a 30-second TOTP step, so that advancing by whole steps never lands on a boundary.
const clock = new ManualClock(Math.floor(Date.now() / STEP_MS) * STEP_MS + 5_000);
const TRON_A = "TUSQzWDnJfWTmvXrQAx4Vk13LLdp1BJMgC";
const TRON_B = "TFdmunXgDcvwVo9pkfktDc2m4DHqTYmsE1";
const TRON_C = "TED22ysmcTgSyozPqXaeZgYN4x68bRs2Cs";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(async () => {
  await t?.close();
});

/** A new user past the sign-up code's resend wait. */
const newUser = () => userPastCodeWait(t, clock);

const add = (user: SignedUpUser, body: BodyOf<Calls["withdrawAddressAdd"]>) =>
  t.send("withdrawAddressAdd", { as: user, body });
const book = async (user: SignedUpUser, body: BodyOf<Calls["withdrawAddresses"]> = {}) => {
  const res = await t.send("withdrawAddresses", { as: user, body });
  expect(res.body.code, res.body.msg).toBe(1);
  return res.body.data!;
};
/** Withdraws 20 USDT on TRC20 with a fresh emailed code, and the authenticator's code of the moment when given. */
const withdraw = async (user: SignedUpUser, address: string, totp?: () => string) => {
  const code = await emailedCode(t, user.email, "withdraw");
  clock.advance(CODE_COUNTDOWN_S * 1000);
  return t.send("requestWithdrawal", {
    as: user,
    body: { currency: "USDT", network: "TRC20", address, amount: "20", code, ...(totp ? { totp: totp() } : {}) },
  });
};
/** The rule (decision 120) in the words every screen uses, after what is wrong with this address. */
const RULE =
  "Withdrawals go only to addresses saved in your address book. A new address can be used 24 hours after you save it, or at once if you save it with your two-step verification code.";
const NOT_IN_BOOK = `This address is not in your address book. ${RULE}`;
const JA_NOT_IN_BOOK =
  "このアドレスはアドレス帳にありません。出金はアドレス帳に保存したアドレスにのみ送れます。新しいアドレスは保存から24時間後に使えます。2段階認証のコードを入力して保存した場合はすぐに使えます。";

/** Turns two-step verification on with a code computed from the secret, as an authenticator app would. */
async function enrolTotp(user: SignedUpUser): Promise<() => string> {
  const { secret } = await t.api("totpSetup", { as: user, body: { password: user.password } });
  const codeNow = () => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: clock.now().getTime() });
  const enabled = await t.send("totpEnable", { as: user, body: { code: codeNow() } });
  expect(enabled.body.code, enabled.body.msg).toBe(1);
  clock.advance(STEP_MS);
  return codeNow;
}

describe("address book", () => {
  it("saves an address with a label, checks its format and names the field of a bad one", async () => {
    const user = await newUser();
    const res = await add(user, { currency: "USDT", network: "TRC20", address: TRON_A, label: "Cold wallet" });
    expect(res.body.code, res.body.msg).toBe(1);
    const saved = res.body.data!;
    expect(saved).toMatchObject({ currency: "USDT", network: "TRC20", address: TRON_A, label: "Cold wallet" });
    expect(saved.usable).toBe(false);
    expect(new Date(saved.usable_from).getTime() - new Date(saved.created_at).getTime()).toBe(24 * HOUR_MS);

    // A checksum error (last character changed) and an EVM address on a TRON network are refused.
    const broken = `${TRON_A.slice(0, -1)}D`;
    expect((await add(user, { currency: "USDT", network: "TRC20", address: broken, label: "x" })).body).toEqual({
      code: 0,
      msg: "This is not a valid TRC20 address",
    });
    expect(
      (
        await add(user, {
          currency: "USDT",
          network: "TRC20",
          address: "0x000000000000000000000000000000000000dead",
          label: "x",
        })
      ).body.code,
    ).toBe(0);
    // Malformed input never reaches the service: the message names the field.
    const noLabel = await add(user, { currency: "USDT", network: "TRC20", address: TRON_B, label: "  " });
    expect(noLabel.status).toBe(200);
    expect(noLabel.body.code).toBe(0);
    expect(noLabel.body.msg).toMatch(/label/);
    // Raw: a network the contract does not know.
    const badNetwork = await t.call(calls.withdrawAddressAdd.path, {
      headers: user.headers,
      body: { currency: "USDT", network: "Solana", address: TRON_B, label: "x" },
    });
    expect(badNetwork.body.code).toBe(0);
    expect(badNetwork.body.msg).toMatch(/network/);
    // The same address twice for the same currency and network is refused; an EVM address in another case too.
    expect((await add(user, { currency: "USDT", network: "TRC20", address: TRON_A, label: "again" })).body.msg).toMatch(
      /already saved/,
    );
    const evm = "0x52908400098527886E0F7030069857D2E4169EE7";
    expect((await add(user, { currency: "ETH", network: "ERC20", address: evm, label: "EIP-55" })).body.code).toBe(1);
    expect(
      (await add(user, { currency: "ETH", network: "ERC20", address: evm.toLowerCase(), label: "lower" })).body.code,
    ).toBe(0);

    const listed = await book(user);
    expect(listed).toMatchObject({ total: 2, page: 1, list: 20 });
    expect(listed.items.map((i) => i.label)).toEqual(["EIP-55", "Cold wallet"]);
    expect((await book(user, { currency: "USDT", network: "TRC20" })).items.map((i) => i.address)).toEqual([TRON_A]);
  });

  it("refuses a withdrawal to a saved address for 24 h, then allows it", async () => {
    const user = await newUser();
    await fundUser(t.app.services.ledger, user.userId, "100");
    expect((await add(user, { currency: "USDT", network: "TRC20", address: TRON_B, label: "Mine" })).body.code).toBe(1);
    const held = await withdraw(user, TRON_B);
    expect(held.body.code).toBe(0);
    expect(held.body.msg).toMatch(/^This address can be used from \d{4}-\d\d-\d\d \d\d:\d\d UTC\. Withdrawals go only/);
    expect(await balanceOf(t, user, "USDT")).toEqual({ available: "100", frozen: "0" });

    clock.advance(23 * HOUR_MS);
    expect((await book(user)).items[0]?.usable).toBe(false);
    expect((await withdraw(user, TRON_B)).body.code).toBe(0);

    clock.advance(HOUR_MS);
    expect((await book(user)).items[0]?.usable).toBe(true);
    const done = await withdraw(user, TRON_B);
    expect(done.body.code, done.body.msg).toBe(1);
    expect(await balanceOf(t, user, "USDT")).toEqual({ available: "79", frozen: "21" });
  });

  it("refuses a typed address that is not in the book without two-step verification, before the code is used", async () => {
    const user = await newUser();
    await fundUser(t.app.services.ledger, user.userId, "100");
    const evm = "0x52908400098527886E0F7030069857D2E4169EE7";
    expect((await add(user, { currency: "USDT", network: "TRC20", address: TRON_A, label: "Old" })).body.code).toBe(1);
    expect((await add(user, { currency: "USDT", network: "ERC20", address: evm, label: "EVM" })).body.code).toBe(1);
    clock.advance(24 * HOUR_MS);

    const code = await emailedCode(t, user.email, "withdraw");
    const send = (network: Network, address: string) =>
      t.send("requestWithdrawal", {
        as: user,
        body: { currency: "USDT", network, address, amount: "20", code },
      });
    // A valid address that is not in the book, and a saved one under another network, are refused alike.
    expect((await send("TRC20", TRON_B)).body).toEqual({ code: 0, msg: NOT_IN_BOOK });
    expect((await send("ERC20", "0x000000000000000000000000000000000000dEaD")).body).toEqual({
      code: 0,
      msg: NOT_IN_BOOK,
    });
    // In the user's language.
    const german = await t.send("requestWithdrawal", {
      as: user,
      headers: { lang: "de" },
      body: { currency: "USDT", network: "TRC20", address: TRON_B, amount: "20", code },
    });
    expect(german.body).toEqual({
      code: 0,
      msg: "Diese Adresse ist nicht in deinem Adressbuch. Auszahlungen gehen nur an Adressen, die in deinem Adressbuch gespeichert sind. Eine neue Adresse ist 24 Stunden nach dem Speichern nutzbar, oder sofort, wenn du sie mit deinem Code der Zwei-Schritt-Verifizierung speicherst.",
    });
    expect(await balanceOf(t, user, "USDT")).toEqual({ available: "100", frozen: "0" });
    const none = await t.api("listWithdrawals", { as: user });
    expect(none.total).toBe(0);

    // The emailed code was not used up by the refusals, and the saved address matches in another spelling (EVM
    // addresses compare in their EIP-55 form).
    const done = await send("ERC20", evm.toLowerCase());
    expect(done.body.code, done.body.msg).toBe(1);
    expect(done.body.data).toMatchObject({ network: "ERC20", amount: "20", status: "pending" });
  });

  it("with two-step verification on, refuses a typed address and keeps the hold of one saved without a code", async () => {
    const user = await newUser();
    await fundUser(t.app.services.ledger, user.userId, "100");
    // Saved while two-step verification was off: held for 24 h, and turning TOTP on later does not release it.
    expect((await add(user, { currency: "USDT", network: "TRC20", address: TRON_A, label: "Before" })).body.code).toBe(
      1,
    );
    const codeNow = await enrolTotp(user);
    expect((await book(user)).items[0]).toMatchObject({ address: TRON_A, usable: false });
    // Both refusals come before any code is used: the authenticator's step and the emailed code stay unused.
    const emailed = await emailedCode(t, user.email, "withdraw");
    const send = (address: string) =>
      t.send("requestWithdrawal", {
        as: user,
        body: { currency: "USDT", network: "TRC20", address, amount: "20", code: emailed, totp: codeNow() },
      });
    expect((await send(TRON_A)).body.msg).toMatch(/^This address can be used from \d{4}-\d\d-\d\d/);
    expect((await send(TRON_C)).body).toEqual({ code: 0, msg: NOT_IN_BOOK });
    expect(await balanceOf(t, user, "USDT")).toEqual({ available: "100", frozen: "0" });
    // Once past its hold, the same code pair (still unused) withdraws to it.
    clock.advance(24 * HOUR_MS);
    const code = await emailedCode(t, user.email, "withdraw");
    const done = await t.send("requestWithdrawal", {
      as: user,
      body: { currency: "USDT", network: "TRC20", address: TRON_A, amount: "20", code, totp: codeNow() },
    });
    expect(done.body.code, done.body.msg).toBe(1);
  });

  it("enforces the rule inside the withdrawal's transaction, whoever calls it", async () => {
    const user = await newUser();
    await fundUser(t.app.services.ledger, user.userId, "100");
    expect((await add(user, { currency: "USDT", network: "TRC20", address: TRON_A, label: "Held" })).body.code).toBe(1);
    // The money step itself (no route, no early check in front of it) refuses what is not in the book or is held.
    const place = (address: string) =>
      t.app.services.withdrawals.placeWithdrawal(user.userId, {
        currency: "USDT",
        network: "TRC20",
        address,
        amount: "20",
      });
    await expect(place(TRON_B)).rejects.toMatchObject({ key: "address_book_required" });
    await expect(place(TRON_A)).rejects.toMatchObject({ key: "address_book_on_hold" });
    expect(await balanceOf(t, user, "USDT")).toEqual({ available: "100", frozen: "0" });
    clock.advance(24 * HOUR_MS);
    await expect(place(TRON_A)).resolves.toMatchObject({ address: TRON_A, status: "pending" });
  });

  it("asks for the two-step code to save an address when TOTP is on, and then makes it usable at once", async () => {
    const user = await newUser();
    const codeNow = await enrolTotp(user);
    const body = { currency: "USDT", network: "TRC20" as const, address: TRON_C, label: "With TOTP" };

    // Without the code, and with a wrong one, nothing is saved.
    expect((await add(user, body)).body).toMatchObject({ code: 0, data: { totp_required: true } });
    expect((await add(user, { ...body, totp: "000000" === codeNow() ? "111111" : "000000" })).body.code).toBe(0);
    expect((await book(user)).total).toBe(0);

    clock.advance(STEP_MS);
    const res = await add(user, { ...body, totp: codeNow() });
    expect(res.body.code, res.body.msg).toBe(1);
    expect(res.body.data).toMatchObject({ usable: true });
    expect(res.body.data?.usable_from).toBe(res.body.data?.created_at);
    await fundUser(t.app.services.ledger, user.userId, "100");
    const code = await emailedCode(t, user.email, "withdraw");
    clock.advance(STEP_MS);
    const done = await t.send("requestWithdrawal", {
      as: user,
      body: { currency: "USDT", network: "TRC20", address: TRON_C, amount: "20", code, totp: codeNow() },
    });
    expect(done.body.code, done.body.msg).toBe(1);
  });

  it("says the rule in the refusal in the user's language", async () => {
    const user = await newUser();
    await fundUser(t.app.services.ledger, user.userId, "100");
    const code = await emailedCode(t, user.email, "withdraw");
    const japanese = await t.send("requestWithdrawal", {
      as: user,
      headers: { lang: "ja" },
      body: { currency: "USDT", network: "TRC20", address: TRON_B, amount: "20", code },
    });
    expect(japanese.body).toEqual({ code: 0, msg: JA_NOT_IN_BOOK });
  });

  it("deletes an address; another user neither sees nor deletes it", async () => {
    const alice = await newUser();
    const bob = await newUser();
    const saved = (await add(alice, { currency: "USDT", network: "TRC20", address: TRON_A, label: "Alice's" })).body
      .data!;
    expect(await book(bob)).toMatchObject({ items: [], total: 0 });
    const stolen = await t.send("withdrawAddressDelete", { as: bob, body: { id: saved.id } });
    expect(stolen.body).toEqual({ code: 0, msg: "This saved address does not exist or is not yours" });
    expect((await book(alice)).total).toBe(1);

    // Bob may save the same address in his own book; it is his, held from his own time of saving.
    expect((await add(bob, { currency: "USDT", network: "TRC20", address: TRON_A, label: "Bob's" })).body.code).toBe(1);

    const removed = await t.send("withdrawAddressDelete", { as: alice, body: { id: saved.id } });
    expect(removed.body).toMatchObject({ code: 1, data: { id: saved.id } });
    expect((await book(alice)).total).toBe(0);
    expect((await book(bob)).total).toBe(1);
    const again = await t.send("withdrawAddressDelete", { as: alice, body: { id: saved.id } });
    expect(again.body.code).toBe(0);
    // Without a session: 401.
    expect((await t.send("withdrawAddresses", { body: {} })).status).toBe(401);
  });
});
