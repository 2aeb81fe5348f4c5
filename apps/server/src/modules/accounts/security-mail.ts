import { APP_NAME, type Locale } from "@cryptos/contract";
import { type MessageKey, translate } from "../../i18n/translate";
import { utcMinute } from "../../lib/clock";
import { type OutgoingMail, paragraphsToHtml } from "./mailer";

/** A security change the user is mailed about (decision 031). */
export type SecurityChange =
  | { kind: "password_changed" }
  | { kind: "password_reset" }
  | { kind: "totp_on" }
  | { kind: "totp_off" }
  /** An operator turned TOTP off (a lost authenticator), with the reason they gave. */
  | { kind: "totp_reset"; reason: string }
  | { kind: "sessions_revoked" }
  | {
      kind: "address_added";
      currency: string;
      network: string;
      address: string;
      label: string;
      usableFrom: Date;
    };

const SUBJECT: Record<SecurityChange["kind"], MessageKey> = {
  password_changed: "mail_security_password_changed",
  password_reset: "mail_security_password_reset",
  totp_on: "mail_security_totp_on",
  totp_off: "mail_security_totp_off",
  totp_reset: "mail_security_totp_reset",
  address_added: "mail_security_address_added",
  sessions_revoked: "mail_security_sessions_revoked",
};

/**
 * The short mail that tells a user about a change to their account's security: what changed, when, and what to do
 * if it was not them. It carries no code or link, so a forwarded or intercepted copy opens nothing.
 */
/** Who mails the owner about a change to their account's security (AccountsService). */
export interface SecurityNotices {
  notifySecurityChange(userId: number, locale: Locale, change: SecurityChange): Promise<void>;
}

export function securityMail(to: string, locale: Locale, change: SecurityChange, at: Date): OutgoingMail {
  const t = (key: MessageKey, params: Record<string, string | number> = {}) =>
    translate(locale, key, { app: APP_NAME, ...params });
  const subject = t(SUBJECT[change.kind]);
  const paragraphs = [subject, t("mail_security_when", { time: utcMinute(at) })];
  if (change.kind === "password_changed") paragraphs.push(t("mail_security_others_signed_out"));
  if (change.kind === "password_reset") paragraphs.push(t("mail_security_all_signed_out"));
  if (change.kind === "totp_reset") paragraphs.push(t("mail_security_totp_reset_reason", { reason: change.reason }));
  if (change.kind === "address_added") {
    paragraphs.push(
      t("mail_security_address_detail", {
        label: change.label,
        currency: change.currency,
        network: change.network,
        address: change.address,
        from: utcMinute(change.usableFrom),
      }),
    );
  }
  paragraphs.push(t("mail_security_not_you"));
  return { to, subject, text: paragraphs.join("\n\n"), html: paragraphsToHtml(paragraphs), secrets: [] };
}
