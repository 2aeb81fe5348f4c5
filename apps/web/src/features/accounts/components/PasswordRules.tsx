import { PASSWORD_MAX, PASSWORD_MIN } from "@cryptos/contract";
import { useTranslation } from "@/lib/i18n";

/** The server's password rule (contract passwordString), shown while typing with each part ticked off. */
export function passwordChecks(password: string) {
  return {
    length: password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX,
    letterDigit: /[A-Za-z]/.test(password) && /\d/.test(password),
  };
}

export const isStrongPassword = (password: string) => Object.values(passwordChecks(password)).every(Boolean);

export function PasswordRules({ password }: { password: string }) {
  const { t } = useTranslation("accounts");
  const checks = passwordChecks(password);
  const rules = [
    { key: "length", ok: checks.length, text: t("rules.length", { min: PASSWORD_MIN, max: PASSWORD_MAX }) },
    { key: "letterDigit", ok: checks.letterDigit, text: t("rules.letterDigit") },
  ];
  return (
    <ul className="accounts-rules" aria-label={t("rules.title")}>
      {rules.map((rule) => (
        <li
          key={rule.key}
          className={rule.ok ? "accounts-rules__item accounts-rules__item--ok" : "accounts-rules__item"}
        >
          <span aria-hidden="true" className="accounts-rules__mark">
            {rule.ok ? "✓" : "•"}
          </span>
          {rule.text}
          {rule.ok && <span className="accounts-visually-hidden">{t("rules.met")}</span>}
        </li>
      ))}
    </ul>
  );
}
