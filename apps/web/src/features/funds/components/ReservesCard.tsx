import { lazy, Suspense, useState } from "react";
import { useTranslation } from "@/lib/i18n";

// Its code, styles and texts load when opened: nothing of it is on Assets' first screen.
const ReservesSection = lazy(() => import("../reserves/ReservesSection"));

/** Assets' "Proof of reserves": a closed row that opens the check of the user's leaf against the latest root. */
export function ReservesCard({ userId, holdsBalance }: { userId: number; holdsBalance: boolean }) {
  const { t } = useTranslation("funds");
  const [open, setOpen] = useState(false);
  return (
    <section className="funds-reserves" aria-labelledby="funds-reserves-title">
      <button
        type="button"
        className="funds-reserves__toggle"
        aria-expanded={open}
        aria-controls="funds-reserves-body"
        onClick={() => setOpen(!open)}
      >
        <span>
          <strong id="funds-reserves-title">{t("assets.reserves.title")}</strong>
          <small>{t("assets.reserves.hint")}</small>
        </span>
        <span aria-hidden="true" className="funds-reserves__chevron">
          {open ? "▴" : "▾"}
        </span>
      </button>
      {open && (
        <div id="funds-reserves-body" className="funds-reserves__body">
          <Suspense fallback={null}>
            <ReservesSection userId={userId} holdsBalance={holdsBalance} />
          </Suspense>
        </div>
      )}
    </section>
  );
}
