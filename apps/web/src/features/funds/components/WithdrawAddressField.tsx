import { Button, Input } from "antd-mobile";
import { formatDateTime } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import type { WithdrawAddress } from "../api/address-book";
import type { BookStanding } from "../lib/address-rule";
import { Field } from "./Field";

export interface WithdrawAddressFieldProps {
  address: string;
  onAddress: (value: string) => void;
  network: string | undefined;
  /** The network's format refuses the typed address (the text says so). */
  error: string | null;
  hint: string | undefined;
  standing: BookStanding;
  /** The saved entry the typed address matches, if any. */
  savedMatch: WithdrawAddress | undefined;
  onBook: (sheet: "pick" | "save") => void;
}

/** The withdraw sheet's address: typed or picked from the book, and what the book's rule says of it. */
export function WithdrawAddressField({
  address,
  onAddress,
  network,
  error,
  hint,
  standing,
  savedMatch,
  onBook,
}: WithdrawAddressFieldProps) {
  const { t } = useTranslation("funds");
  return (
    <>
      <Field label={t("withdraw.address")} hint={hint} error={error}>
        {(id) => (
          <span className="funds-input-row">
            <Input
              id={id}
              className="funds-input"
              value={address}
              onChange={onAddress}
              placeholder={t("withdraw.addressPlaceholder", { network: network ?? "" })}
              autoComplete="off"
            />
            <Button size="small" color="primary" fill="outline" disabled={!network} onClick={() => onBook("pick")}>
              {t("addressBook.open")}
            </Button>
          </span>
        )}
      </Field>
      {standing === "notSaved" && !error && (
        <div className="funds-notice funds-notice--warning withdraw-book" data-testid="withdraw-not-saved">
          <p>
            {t("withdraw.notSaved")} {t("common:addressRule")}
          </p>
          <span className="withdraw-book__actions">
            <Button size="small" color="primary" onClick={() => onBook("save")}>
              {t("withdraw.saveAddress")}
            </Button>
          </span>
        </div>
      )}
      {standing === "held" && savedMatch && (
        <p className="funds-notice funds-notice--warning" data-testid="withdraw-held">
          {t("withdraw.heldSaved", { label: savedMatch.label, time: formatDateTime(savedMatch.usable_from) })}
        </p>
      )}
    </>
  );
}
