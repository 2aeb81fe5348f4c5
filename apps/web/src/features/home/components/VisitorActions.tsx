import { useTranslation } from "@/lib/i18n";
import { loginPath } from "@/lib/paths";
import { Link } from "@/lib/router";

/** Home's first words to a visitor: what to do next, as two labelled ways in (sign up first, log in beside it). */
export function VisitorActions() {
  const { t } = useTranslation("home");
  return (
    <section className="home-visitor" aria-labelledby="home-visitor-title">
      <h2 className="home-visitor__title" id="home-visitor-title">
        {t("visitor.title")}
      </h2>
      <p className="home-visitor__text">{t("visitor.text")}</p>
      <div className="home-visitor__actions">
        <Link className="home-visitor__button home-visitor__button--primary" to={loginPath(undefined, "register")}>
          {t("visitor.signUp")}
        </Link>
        <Link className="home-visitor__button" to={loginPath()}>
          {t("visitor.logIn")}
        </Link>
      </div>
    </section>
  );
}
