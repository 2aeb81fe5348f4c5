import { CODE_COUNTDOWN_S, calls } from "@cryptos/contract";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../src/lib/clock";
import { fundUser } from "./fixtures";
import { balanceOf, emailedCode } from "./funds-fixtures";
import { startTestApp, type TestApp } from "./helper";
import { type SignedUpUser, signUp } from "./sign-up";

/**
 * The withdrawal address book (decision 029): saved addresses per currency and network with a label, format
 * checked; a new address is usable 24 h after it is saved, at once with two-step verification on; a withdrawal to
 * a saved address in its hold is refused; nobody sees or deletes another user's addresses.
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

type Saved = { id: number; address: string; label: string; usable: boolean; usable_from: string; created_at: string };

async function newUser(): Promise<SignedUpUser> {
  const user = await signUp(t);
  clock.advance(CODE_COUNTDOWN_S * 1000);
  return user;
}

const add = (user: SignedUpUser, body: Record<string, unknown>) =>
  t.call(calls.withdrawAddressAdd.path, { headers: user.headers, body });
const book = async (user: SignedUpUser, body: Record<string, unknown> = {}) => {
  const res = await t.call(calls.withdrawAddresses.path, { headers: user.headers, body });
  expect(res.body.code, res.body.msg).toBe(1);
  return res.body.data as { items: Saved[]; total: number; page: number; list: number };
};
const withdraw = async (user: SignedUpUser, address: string) => {
  const code = await emailedCode(t, user.email, "withdraw");
  clock.advance(CODE_COUNTDOWN_S * 1000);
  return t.call(calls.dowithdraw.path, {
    headers: user.headers,
    body: { currency: "USDT", network: "TRC20", address, amount: "20", code },
  });
};

describe("address book", () => {
  it("saves an address with a label, checks its format and names the field of a bad one", async () => {
    const user = await newUser();
    const res = await add(user, { currency: "USDT", network: "TRC20", address: TRON_A, label: "Cold wallet" });
    expect(res.body.code, res.body.msg).toBe(1);
    const saved = res.body.data as Saved;
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
    const badNetwork = await add(user, { currency: "USDT", network: "Solana", address: TRON_B, label: "x" });
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
    expect(held.body.msg).toMatch(
      /^This address was saved less than 24 hours ago and can be used from \d{4}-\d\d-\d\d/,
    );
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

  it("makes a new address usable at once when two-step verification is on", async () => {
    const user = await newUser();
    const setup = await t.call(calls.totpSetup.path, { headers: user.headers });
    const { secret } = setup.body.data as { secret: string };
    const codeNow = () => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: clock.now().getTime() });
    const enabled = await t.call(calls.totpEnable.path, { headers: user.headers, body: { code: codeNow() } });
    expect(enabled.body.code, enabled.body.msg).toBe(1);
    clock.advance(STEP_MS);

    const res = await add(user, { currency: "USDT", network: "TRC20", address: TRON_C, label: "With TOTP" });
    expect(res.body.data).toMatchObject({ usable: true });
    await fundUser(t.app.services.ledger, user.userId, "100");
    const code = await emailedCode(t, user.email, "withdraw");
    const done = await t.call(calls.dowithdraw.path, {
      headers: user.headers,
      body: { currency: "USDT", network: "TRC20", address: TRON_C, amount: "20", code, totp: codeNow() },
    });
    expect(done.body.code, done.body.msg).toBe(1);
  });

  it("keeps the hold of an address saved before TOTP was turned on", async () => {
    const user = await newUser();
    expect((await add(user, { currency: "USDT", network: "TRC20", address: TRON_A, label: "Before" })).body.code).toBe(
      1,
    );
    const setup = await t.call(calls.totpSetup.path, { headers: user.headers });
    const { secret } = setup.body.data as { secret: string };
    const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: clock.now().getTime() });
    expect((await t.call(calls.totpEnable.path, { headers: user.headers, body: { code } })).body.code).toBe(1);
    clock.advance(STEP_MS);
    expect((await book(user)).items[0]?.usable).toBe(false);
  });

  it("deletes an address; another user neither sees nor deletes it", async () => {
    const alice = await newUser();
    const bob = await newUser();
    const saved = (await add(alice, { currency: "USDT", network: "TRC20", address: TRON_A, label: "Alice's" })).body
      .data as Saved;
    expect(await book(bob)).toMatchObject({ items: [], total: 0 });
    const stolen = await t.call(calls.withdrawAddressDelete.path, { headers: bob.headers, body: { id: saved.id } });
    expect(stolen.body).toEqual({ code: 0, msg: "This saved address does not exist or is not yours" });
    expect((await book(alice)).total).toBe(1);

    // Bob may save the same address in his own book; it is his, held from his own time of saving.
    expect((await add(bob, { currency: "USDT", network: "TRC20", address: TRON_A, label: "Bob's" })).body.code).toBe(1);

    const removed = await t.call(calls.withdrawAddressDelete.path, { headers: alice.headers, body: { id: saved.id } });
    expect(removed.body).toMatchObject({ code: 1, data: { id: saved.id } });
    expect((await book(alice)).total).toBe(0);
    expect((await book(bob)).total).toBe(1);
    const again = await t.call(calls.withdrawAddressDelete.path, { headers: alice.headers, body: { id: saved.id } });
    expect(again.body.code).toBe(0);
    // Without a session: 401.
    expect((await t.call(calls.withdrawAddresses.path, { body: {} })).status).toBe(401);
  });
});
