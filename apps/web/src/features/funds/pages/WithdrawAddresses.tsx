import { Button } from "antd-mobile";
import { useState } from "react";
import { EmptyState } from "@/components/EmptyState";
import { AddOutline } from "@/components/outline-icons/AddOutline";
import { Page } from "@/components/Page";
import { QueryView } from "@/components/QueryView";
import { useTranslation } from "@/lib/i18n";
import { useRequireAuth, useSession } from "@/lib/session";
import { useWithdrawAddresses } from "../api/address-book";
import { AddAddressSheet } from "../components/AddAddressSheet";
import { AddressList } from "../components/AddressList";
import "../funds.css";

/**
 * /pages/user/withdraw-addresses: the withdrawal address book. Add an address with a label (format checked by the
 * server), see from when a new one is usable (the rule of decision 120, said in its one sentence), delete.
 */
export default function WithdrawAddresses() {
  const { t } = useTranslation("funds");
  const signedIn = useRequireAuth();
  const { user } = useSession();
  const book = useWithdrawAddresses({}, signedIn);
  const [adding, setAdding] = useState(false);
  const totpOn = user?.userinfo.totp_enabled === true;

  return (
    <Page title={t("common:pages.withdrawAddresses")} className="funds-page">
      <div className="address-book__page">
        <p className="funds-muted">{t("common:addressRule")}</p>
        <QueryView query={book}>
          {(data) =>
            data.items.length === 0 ? (
              <EmptyState title={t("addressBook.emptyTitle")} description={t("addressBook.emptyHint")} />
            ) : (
              <AddressList items={data.items} deletable />
            )
          }
        </QueryView>
        <Button block color="primary" onClick={() => setAdding(true)} disabled={!signedIn}>
          <AddOutline aria-hidden="true" /> {t("addressBook.add")}
        </Button>
      </div>
      <AddAddressSheet visible={adding} onClose={() => setAdding(false)} totpOn={totpOn} />
    </Page>
  );
}
