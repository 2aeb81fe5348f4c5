import type { Locale, LoginSession, LoginType, Paged } from "@cryptos/contract";
import type { Db } from "../../db/client";
import { Batcher } from "../../lib/batcher";
import type { Clock } from "../../lib/clock";
import { hashToken, newToken } from "../../lib/secrets";
import type { Caller } from "../../plugins/auth";
import { summariseUserAgent } from "./device";
import * as repo from "./repo";

const MINUTE_MS = 60_000;
/** A session lives this long after its last use. */
export const SESSION_IDLE_MS = 30 * 24 * 60 * MINUTE_MS;
/** Last-seen is written at most this often per session, not on every request. */
const SESSION_TOUCH_MS = MINUTE_MS;

/** Who is asking, for limits, session records and the language of mails. */
export interface RequestMeta {
  ip: string;
  userAgent: string | undefined;
  locale: Locale;
}

export interface SessionData {
  userinfo: { token: string; id: number };
}

/** Sessions: a token per sign-in, looked up on every signed-in request, with a sliding expiry. */
export class SessionsService {
  /**
   * Every signed-in request looks its session up: lookups that arrive while one runs go together as the next one
   * (one statement for many requests under load, at once when alone).
   */
  private readonly sessionLookups = new Batcher<string, repo.SessionRow | undefined>((hashes) =>
    this.findLiveSessions(hashes),
  );
  /**
   * The live socket's checks before each event, apart: an announcement to every signed-in socket asks thousands
   * at once, and the requests' own look-ups must not queue behind them.
   */
  private readonly liveChecks = new Batcher<string, repo.SessionRow | undefined>(
    (hashes) => this.findLiveSessions(hashes),
    1_000,
  );

  private async findLiveSessions(hashes: string[]): Promise<PromiseSettledResult<repo.SessionRow | undefined>[]> {
    const found = await repo.findLiveSessions(this.db, [...new Set(hashes)], this.clock.now());
    const byHash = new Map(found.map((row) => [row.tokenHash, row]));
    return hashes.map((hash) => ({ status: "fulfilled", value: byHash.get(hash) }));
  }

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The caller behind a raw token, sliding its expiry forward; `null` when unknown, expired or revoked. */
  resolveSession = async (token: string): Promise<Caller | null> => {
    const session = await this.sessionLookups.submit(hashToken(token));
    const now = this.clock.now();
    if (!session) return null;
    if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_MS) {
      await repo.touchSession(this.db, session.id, now, new Date(now.getTime() + SESSION_IDLE_MS));
    }
    return { userId: session.userId, sessionId: session.id, token };
  };

  /**
   * The user of a session that is still live, without counting the look-up as use (no sliding expiry): the live
   * socket asks before each event it passes on, so a revoked or expired session hears nothing more.
   */
  sessionUser = async (token: string): Promise<number | null> =>
    (await this.liveChecks.submit(hashToken(token)))?.userId ?? null;

  async openSession(userId: number, loginType: LoginType, meta: RequestMeta): Promise<SessionData> {
    const token = newToken();
    const now = this.clock.now();
    await repo.insertSession(this.db, {
      userId,
      tokenHash: hashToken(token),
      loginType,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_IDLE_MS),
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 512) ?? null,
    });
    return { userinfo: { token, id: userId } };
  }

  async logout(caller: Caller): Promise<null> {
    await repo.revokeSession(this.db, caller.sessionId, this.clock.now());
    return null;
  }

  /** Login history: every session of the user, newest first. */
  async sessions(caller: Caller, page: number, list: number): Promise<Paged<LoginSession>> {
    const [rows, total] = await Promise.all([
      repo.listUserSessions(this.db, caller.userId, list, (page - 1) * list),
      repo.countUserSessions(this.db, caller.userId),
    ]);
    const now = this.clock.now();
    return {
      items: rows.map((r) => ({
        id: r.id,
        login_type: r.loginType,
        ip: r.ip,
        device: summariseUserAgent(r.userAgent),
        created_at: r.createdAt.toISOString(),
        last_seen_at: r.lastSeenAt.toISOString(),
        current: r.id === caller.sessionId,
        active: r.revokedAt === null && r.expiresAt > now,
      })),
      total,
      page,
      list,
    };
  }
}
