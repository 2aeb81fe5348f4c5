import { APP_NAME, type Locale } from "@cryptos/contract";
import { type MessageKey, translate } from "../../i18n/translate";
import { type OutgoingMail, paragraphsToHtml } from "./mailer";

/** A money event the user is mailed about (decision 119), with what the mail shows of it. */
export interface MoneyNotice {
  kind: "deposit_credited" | "withdrawal_sent" | "withdrawal_completed";
  amount: string;
  currency: string;
  network: string;
  /** The destination of a withdrawal; null for a deposit. */
  address: string | null;
  /** The transaction, when there is one (a deposit's reported or found one, a withdrawal's payout). */
  hash: string | null;
  explorerUrl: string | null;
  at: Date;
}

const SUBJECT: Record<MoneyNotice["kind"], MessageKey> = {
  deposit_credited: "mail_money_deposit_credited",
  withdrawal_sent: "mail_money_withdrawal_sent",
  withdrawal_completed: "mail_money_withdrawal_completed",
};

/** A valid IANA zone, else UTC: a stored zone the runtime no longer knows must not stop the mail. */
function zoneOrUtc(timeZone: string | null): string {
  if (!timeZone) return "UTC";
  try {
    new Intl.DateTimeFormat("en", { timeZone });
    return timeZone;
  } catch {
    return "UTC";
  }
}

/** `at` as the reader reads times: their language's date and time, in their zone, with the zone's name. */
export function readerTime(at: Date, locale: Locale, timeZone: string | null): string {
  return new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: zoneOrUtc(timeZone),
    timeZoneName: "short",
  }).format(at);
}

/**
 * The mail that tells a user a deposit was credited or a withdrawal was sent or completed, in their language and
 * time zone, with the transaction's hash and explorer page when there is one. It opens nothing: no secrets.
 */
export function moneyMail(to: string, locale: Locale, timeZone: string | null, notice: MoneyNotice): OutgoingMail {
  const t = (key: MessageKey, params: Record<string, string | number> = {}) =>
    translate(locale, key, { app: APP_NAME, ...params });
  const subject = t(SUBJECT[notice.kind], { amount: notice.amount, currency: notice.currency });
  const paragraphs = [
    subject,
    t("mail_money_detail", { amount: notice.amount, currency: notice.currency, network: notice.network }),
  ];
  if (notice.address) paragraphs.push(t("mail_money_address", { address: notice.address }));
  if (notice.hash) paragraphs.push(t("mail_money_hash", { hash: notice.hash }));
  if (notice.explorerUrl) paragraphs.push(t("mail_money_explorer", { url: notice.explorerUrl }));
  paragraphs.push(t("mail_money_when", { time: readerTime(notice.at, locale, timeZone) }));
  return { to, subject, text: paragraphs.join("\n\n"), html: paragraphsToHtml(paragraphs), secrets: [] };
}
