import type { WsEventTopic } from "@cryptos/contract";
import type { Tx } from "../../db/client";
import { afterCommit } from "../../db/transaction";
import type { MoneyNotice } from "../accounts/money-mail";
import type { MessagesService } from "../messages/service";

export type { MoneyNotice } from "../accounts/money-mail";

/** The accounts module's money mails (in the user's language and time zone; never throws). */
export interface MoneyMails {
  notifyMoney(userId: number, notice: MoneyNotice): Promise<void>;
}

export interface UserNoticesDeps {
  messages: Pick<MessagesService, "announce">;
  mails: MoneyMails;
}

/**
 * Tells a user, from inside the transaction `tx` that changed their money (decision 119): each of `topics` reaches
 * their open screens once the transaction commits (the user events' NOTIFY, heard by every instance), and `notice`,
 * when given, is mailed after the commit (a rollback or retry mails nothing).
 */
export async function tellUser(
  deps: UserNoticesDeps,
  tx: Tx,
  userId: number,
  topics: readonly WsEventTopic[],
  notice?: MoneyNotice | null,
): Promise<void> {
  for (const topic of topics) await deps.messages.announce(tx, userId, topic);
  if (notice) afterCommit(tx, () => void deps.mails.notifyMoney(userId, notice));
}
