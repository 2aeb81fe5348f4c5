import { ADDRESS_LABEL_MAX, type Network } from "@cryptos/contract";
import { Button, Input, Skeleton } from "antd-mobile";
import { useEffect, useMemo, useState } from "react";
import { BottomSheet } from "@/components/BottomSheet";
import { RetryView } from "@/components/RetryView";
import { ApiError } from "@/lib/api";
import { useTranslation } from "@/lib/i18n";
import { toast } from "@/lib/toast";
import { useAddWithdrawAddress, type WithdrawAddress } from "../api/address-book";
import { useWithdrawInfo } from "../api/get-withdraw-info";
import { addressIssue } from "../lib/withdraw-form";
import { CurrencyNetworkFields } from "./CurrencyNetworkFields";
import { Field } from "./Field";

export interface AddAddressSheetProps {
  visible: boolean;
  onClose: () => void;
  /** Two-step verification is on: saving asks for its code, and the address is usable at once (decision 120). */
  totpOn: boolean;
  /** Preselected currency and network (the withdraw sheet's). */
  currency?: string | undefined;
  network?: string | undefined;
  /** Prefilled address (the one typed in the withdraw sheet, to save it). */
  address?: string | undefined;
  onSaved?: (saved: WithdrawAddress) => void;
}

/** Save a withdrawal address: currency, network, a label and the address (checked per network as the server does). */
export function AddAddressSheet({
  visible,
  onClose,
  totpOn,
  currency,
  network,
  address: initialAddress,
  onSaved,
}: AddAddressSheetProps) {
  const { t } = useTranslation("funds");
  const info = useWithdrawInfo(visible);
  const add = useAddWithdrawAddress();
  const networks = info.data?.items ?? [];
  const currencies = useMemo(() => [...new Set(networks.map((n) => n.currency))], [networks]);
  const [chosenCurrency, setCurrency] = useState("");
  const [chosenNetwork, setNetwork] = useState("");
  const [label, setLabel] = useState("");
  const [address, setAddress] = useState("");
  const [totp, setTotp] = useState("");
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!visible) return;
    setCurrency(currency ?? "");
    setNetwork(network ?? "");
    setLabel("");
    setAddress(initialAddress ?? "");
    setTotp("");
    setError(null);
  }, [visible, currency, network, initialAddress]);

  const selectedCurrency = chosenCurrency || currencies[0] || "";
  const currencyNetworks = networks.filter((n) => n.currency === selectedCurrency);
  const selectedNetwork =
    currencyNetworks.find((n) => n.network === chosenNetwork)?.network ?? currencyNetworks[0]?.network ?? "";
  // The server's address format for the network (the contract's), as the user types.
  const addressError =
    selectedNetwork && addressIssue(selectedNetwork, address)
      ? t("withdraw.invalidAddress", { network: selectedNetwork })
      : null;
  const ready =
    selectedCurrency &&
    selectedNetwork &&
    label.trim() &&
    address.trim() &&
    !addressError &&
    (!totpOn || totp.trim().length >= 6);

  const save = async () => {
    if (!ready) return;
    setError(null);
    try {
      const saved = await add.mutateAsync({
        currency: selectedCurrency,
        network: selectedNetwork as Network,
        label: label.trim(),
        address: address.trim(),
        ...(totpOn ? { totp: totp.trim() } : {}),
      });
      toast.success(t("addressBook.saved"));
      onSaved?.(saved);
      onClose();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.msg : t("errors.network"));
    }
  };

  return (
    <BottomSheet className="funds-sheet" visible={visible} onClose={onClose} title={t("addressBook.addTitle")}>
      {info.isPending ? (
        <Skeleton.Paragraph lineCount={6} animated />
      ) : info.isError ? (
        <RetryView onRetry={() => void info.refetch()} />
      ) : (
        <form
          className="funds-form"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <CurrencyNetworkFields
            currencies={currencies}
            currency={selectedCurrency}
            onCurrency={(picked) => {
              setCurrency(picked);
              setNetwork("");
            }}
            networks={currencyNetworks.map((n) => n.network)}
            network={selectedNetwork}
            onNetwork={setNetwork}
          />
          <Field label={t("addressBook.label")}>
            {(id) => (
              <Input
                id={id}
                className="funds-input"
                value={label}
                maxLength={ADDRESS_LABEL_MAX}
                onChange={(value) => {
                  setError(null);
                  setLabel(value);
                }}
                placeholder={t("addressBook.labelPlaceholder")}
              />
            )}
          </Field>
          <Field label={t("withdraw.address")} error={addressError}>
            {(id) => (
              <Input
                id={id}
                className="funds-input"
                value={address}
                onChange={(value) => {
                  setError(null);
                  setAddress(value);
                }}
                placeholder={t("withdraw.addressPlaceholder", { network: selectedNetwork })}
                autoComplete="off"
              />
            )}
          </Field>
          {totpOn && (
            <Field label={t("withdraw.totp")}>
              {(id) => (
                <Input
                  id={id}
                  className="funds-input"
                  value={totp}
                  onChange={(value) => {
                    setError(null);
                    setTotp(value);
                  }}
                  placeholder={t("withdraw.totpPlaceholder")}
                  autoComplete="one-time-code"
                  inputMode="numeric"
                />
              )}
            </Field>
          )}
          <p className="funds-notice funds-notice--warning" data-testid="address-rule">
            {t("common:addressRule")}
          </p>
          {error && (
            <p className="funds-notice funds-notice--error" role="alert">
              {error}
            </p>
          )}
          <Button block color="primary" type="submit" disabled={!ready} loading={add.isPending}>
            {t("addressBook.save")}
          </Button>
        </form>
      )}
    </BottomSheet>
  );
}
