import { useTranslation } from "@/lib/i18n";
import { useOperators } from "../api/security";
import { ScreenHeader } from "../components/ConsoleLayout";
import { OperatorSessions } from "../components/OperatorSessions";
import { QueryState } from "../components/QueryState";
import { OnOff } from "../components/StatusBadge";
import { TotpOff, TotpOn } from "../components/TotpSettings";
import { useOperatorEmail } from "../lib/operator-session";

/**
 * The signed-in operator's own security: two-step sign-in (TOTP: set up, turn on with a first code, turn off; each
 * with the password), and the sessions signed in, with "sign out everywhere".
 */
export function Security() {
  const { t } = useTranslation("console");
  const me = useOperatorEmail();
  const operators = useOperators();
  return (
    <>
      <ScreenHeader title={t("nav.security")} />
      <QueryState query={operators}>
        {(data) => {
          const on = data.items.find((operator) => operator.email === me)?.totp_enabled ?? false;
          return (
            <section className="console-section console-form" aria-labelledby="console-totp-title">
              <div className="console-inline console-totp__head">
                <h2 id="console-totp-title">{t("security.totpTitle")}</h2>
                <OnOff on={on} />
              </div>
              {on ? <TotpOn /> : <TotpOff />}
              <p className="console-muted">{t("security.othersSignedOut")}</p>
            </section>
          );
        }}
      </QueryState>
      <OperatorSessions />
    </>
  );
}
