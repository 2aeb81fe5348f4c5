import type { adminOperatorSession, Paged } from "@cryptos/contract";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { hashToken, newToken } from "../../lib/secrets";
import type { OperatorCaller } from "../../plugins/auth";
import { summariseUserAgent } from "../accounts/device";
import * as repo from "./repo";

const MINUTE_MS = 60_000;
/** A session ends this long after sign-in however much it is used. */
const SESSION_TTL_MS = 12 * 60 * MINUTE_MS;
/** Last use is written at most this often per session, not on every request. */
const TOUCH_MS = MINUTE_MS;
/** Operator tokens carry a prefix so that logs and people can tell them from user tokens at a glance. */
const TOKEN_PREFIX = "op_";

/** Where a sign-in came from, kept with its session for the operator's list of sessions. */
export interface OperatorSessionMeta {
  ip?: string | undefined;
  userAgent?: string | undefined;
}

/**
 * Operator sessions: opened at sign-in, ended by logout, by "sign out everywhere", by a change of the operator's
 * TOTP or password, at 12 hours, or after `idleMs` without use.
 */
export class OperatorSessions {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly idleMs: number,
  ) {}

  /** A new session's token; only its hash is stored. */
  async open(operatorId: number, meta: OperatorSessionMeta): Promise<string> {
    const token = newToken(TOKEN_PREFIX);
    const now = this.clock.now();
    await repo.insertOperatorSession(this.db, {
      operatorId,
      tokenHash: hashToken(token),
      createdAt: now,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 512) ?? null,
    });
    return token;
  }

  /** The operator behind a raw token, counting the look-up as use; `null` when unknown, ended or idle too long. */
  async resolve(token: string): Promise<OperatorCaller | null> {
    if (!token.startsWith(TOKEN_PREFIX)) return null;
    const now = this.clock.now();
    const session = await repo.useLiveOperatorSession(this.db, hashToken(token), {
      now,
      idleSince: this.idleSince(now),
      touchBefore: new Date(now.getTime() - TOUCH_MS),
    });
    return session ? { operatorId: session.operatorId, sessionId: session.id } : null;
  }

  /** The operator's sessions still signed in, last used first, the calling one marked. */
  async list(caller: OperatorCaller, page: number, list: number): Promise<Paged<z.infer<typeof adminOperatorSession>>> {
    const at = this.liveAt();
    const [rows, total] = await Promise.all([
      repo.listLiveOperatorSessions(this.db, caller.operatorId, at, { limit: list, offset: (page - 1) * list }),
      repo.countLiveOperatorSessions(this.db, caller.operatorId, at),
    ]);
    return {
      items: rows.map((r) => ({
        id: r.id,
        created_at: r.createdAt.toISOString(),
        last_used_at: r.lastUsedAt.toISOString(),
        ip: r.ip,
        user_agent: r.userAgent,
        device: summariseUserAgent(r.userAgent),
        current: r.id === caller.sessionId,
      })),
      total,
      page,
      list,
    };
  }

  async end(caller: OperatorCaller): Promise<void> {
    await repo.revokeOperatorSession(this.db, caller.sessionId, this.clock.now());
  }

  /** Ends every live session of the operator but `keepId`, in `conn` (the change's transaction); answers how many. */
  endAll(conn: Db | Tx, operatorId: number, keepId?: number): Promise<number> {
    return repo.revokeOperatorSessions(conn, operatorId, this.liveAt(), keepId);
  }

  private liveAt() {
    const now = this.clock.now();
    return { now, idleSince: this.idleSince(now) };
  }

  private idleSince(now: Date) {
    return new Date(now.getTime() - this.idleMs);
  }
}
