import { ADDRESS_HOLD_HOURS, CODE_LENGTH, type Network } from "@cryptos/contract";
import { Button, Input, Skeleton } from "antd-mobile";
import { useEffect, useMemo, useState } from "react";
import { BottomSheet } from "@/components/BottomSheet";
import { RetryView } from "@/components/RetryView";
import { useCountdown } from "@/hooks/useCountdown";
import { ApiError } from "@/lib/api";
import { compare, sanitizeAmountInput } from "@/lib/decimal";
import { formatDateTime, formatMoney } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { SECURITY_PATH } from "@/lib/paths";
import { Link } from "@/lib/router";
import type { UserInfo } from "@/lib/session";
import { confirm, toast } from "@/lib/toast";
import { useWithdrawAddresses, type WithdrawAddress } from "../api/address-book";
import { useWithdrawInfo, type WithdrawNetwork } from "../api/get-withdraw-info";
import { useSendWithdrawCode } from "../api/send-withdraw-code";
import { useSubmitWithdraw } from "../api/submit-withdraw";
import { bookStanding } from "../lib/address-rule";
import { REAL_NAME_PATH } from "../lib/paths";
import { type WithdrawBlocker, withdrawFormState } from "../lib/withdraw-form";
import { AddAddressSheet } from "./AddAddressSheet";
import { AddressPickerSheet } from "./AddressPickerSheet";
import { CurrencyNetworkFields } from "./CurrencyNetworkFields";
import { Field } from "./Field";
import { InfoRows } from "./InfoRows";

export interface WithdrawSheetProps {
  visible: boolean;
  onClose: () => void;
  user: UserInfo;
}

function refusalMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.msg : fallback;
}

/** The longest second-factor answer: a recovery code, `xxxxx-xxxxx`. */
const TOTP_MAX = 11;

/**
 * Withdraw: currency, network (fee and limits), address, amount, what arrives and what is frozen, emailed code, and
 * the authenticator code when the user has two-step verification on. Without it, the address must be a matured
 * address of the book; a typed one that is not saved can be saved from here.
 */
export function WithdrawSheet({ visible, onClose, user }: WithdrawSheetProps) {
  const { t } = useTranslation("funds");
  const info = useWithdrawInfo(visible);
  const sendCode = useSendWithdrawCode();
  const submit = useSubmitWithdraw();
  const countdown = useCountdown();

  const networks = info.data?.items ?? [];
  const currencies = useMemo(() => [...new Set(networks.map((n) => n.currency))], [networks]);
  const [currency, setCurrency] = useState<string>("");
  const [networkName, setNetworkName] = useState<string>("");
  const [address, setAddress] = useState("");
  const [amount, setAmount] = useState("");
  const [code, setCode] = useState("");
  const [totp, setTotp] = useState("");
  const [error, setError] = useState<string | null>(null);
  /** The address-book sheet on top: the picker, adding from the picker, or saving the typed address. */
  const [book, setBook] = useState<"pick" | "add" | "save" | null>(null);
  /** The saved address picked, while the address field still holds it. */
  const [picked, setPicked] = useState<WithdrawAddress | null>(null);

  // Pick the first currency and its first network once they are known.
  useEffect(() => {
    if (!currency && currencies[0]) setCurrency(currencies[0]);
  }, [currency, currencies]);
  const currencyNetworks = networks.filter((n) => n.currency === currency);
  const network: WithdrawNetwork | undefined =
    currencyNetworks.find((n) => n.network === networkName) ?? currencyNetworks[0];

  const available = user.users.balances.find((b) => b.currency === currency)?.available ?? "0";
  const email = user.userinfo.email;
  const totpOn = user.userinfo.totp_enabled;
  const realNameBlocked = info.data?.requires_real_name === true && info.data.real_name_status !== "verified";

  const typed = address.trim();
  const saved = useWithdrawAddresses(
    { currency, network: network?.network ?? "" },
    visible && !totpOn && Boolean(currency && network),
  );
  // Without two-step verification only a saved address past its hold; with it on, any address (decision 031).
  const { standing, match: savedMatch } = bookStanding(typed, saved.data?.items, totpOn, Date.now());

  // The server's rules (the contract's), as the user types: the address format of the network, and the amount's
  // decimals, limits and balance with the fee; then what blocks the withdrawal (lib/withdraw-form).
  const form = withdrawFormState({
    network,
    address,
    amount,
    available,
    standing,
    code,
    totp,
    totpOn,
    realNameBlocked,
  });
  const { issues, amountOk, total, maxAmount, ready } = form;
  const addressError = issues.address && network ? t("withdraw.invalidAddress", { network: network.network }) : null;
  let amountHint: string | null = null;
  if (network && issues.amount) {
    if (issues.amount === "below_min")
      amountHint = t("withdraw.belowMin", { min: formatMoney(network.min_amount, currency) });
    else if (issues.amount === "above_max")
      amountHint = t("withdraw.aboveMax", { max: formatMoney(network.max_amount, currency) });
    else if (issues.amount === "insufficient_balance") amountHint = t("withdraw.insufficient");
    else if (issues.amount === "too_many_decimals")
      amountHint = t("withdraw.tooManyDecimals", { decimals: network.decimals });
    else amountHint = t("withdraw.invalidAmount");
  }
  const blockerText: Record<WithdrawBlocker, string | null> = {
    needRealName: t("withdraw.needRealName"),
    needAddress: t("withdraw.needAddress"),
    invalidAddress: addressError,
    needUsableAddress: t("withdraw.needUsableAddress"),
    needAmount: t("withdraw.needAmount"),
  };
  const blocker = form.blocker && blockerText[form.blocker];

  const pick = (saved: WithdrawAddress) => {
    setError(null);
    setAddress(saved.address);
    setPicked(saved);
    setBook(null);
  };
  const pickedNow = picked && picked.address === typed ? picked : savedMatch?.usable ? savedMatch : null;
  let addressHint: string | undefined;
  if (pickedNow) addressHint = t("addressBook.pickedHint", { label: pickedNow.label });
  else if (!totpOn && !typed) addressHint = t("withdraw.bookOnly", { hours: ADDRESS_HOLD_HOURS });

  const reset = () => {
    setPicked(null);
    setAddress("");
    setAmount("");
    setCode("");
    setTotp("");
    setError(null);
  };

  const onSendCode = async () => {
    if (!email) return;
    if (blocker) {
      setError(blocker);
      return;
    }
    setError(null);
    try {
      const sent = await sendCode.mutateAsync(email);
      countdown.start(sent.resend_after);
      toast.success(t("withdraw.codeSent", { email }));
    } catch (caught) {
      setError(refusalMessage(caught, t("errors.network")));
    }
  };

  const onConfirm = async () => {
    if (!network || !total) return;
    const ok = await confirm({
      title: t("withdraw.confirmTitle"),
      content: (
        <InfoRows
          rows={[
            { label: t("withdraw.network"), value: `${currency} · ${network.network}` },
            { label: t("withdraw.address"), value: <span className="funds-break">{address.trim()}</span> },
            { label: t("withdraw.fee"), value: formatMoney(network.fee, currency) },
            { label: t("withdraw.receive"), value: formatMoney(amount, currency), strong: true },
            { label: t("withdraw.total"), value: formatMoney(total, currency) },
          ]}
        />
      ),
    });
    if (!ok) return;
    setError(null);
    try {
      await submit.mutateAsync({
        currency,
        network: network.network as Network,
        address: address.trim(),
        amount,
        code,
        ...(totpOn ? { totp: totp.trim() } : {}),
      });
      toast.success(t("withdraw.submitted"));
      reset();
      onClose();
    } catch (caught) {
      setError(refusalMessage(caught, t("errors.network")));
    }
  };

  return (
    <BottomSheet className="funds-sheet" visible={visible} onClose={onClose} title={t("withdraw.title")}>
      {info.isPending ? (
        <Skeleton.Paragraph lineCount={8} animated />
      ) : info.isError ? (
        <RetryView
          onRetry={() => void info.refetch()}
          message={info.error instanceof ApiError ? info.error.msg : undefined}
        />
      ) : currencies.length === 0 ? (
        <p className="funds-muted">{t("withdraw.noNetworks")}</p>
      ) : (
        <form
          className="funds-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (ready) void onConfirm();
          }}
        >
          {realNameBlocked && (
            <p className="funds-notice funds-notice--warning" role="alert">
              {t("withdraw.realNameRequired")} <Link to={REAL_NAME_PATH}>{t("withdraw.verifyNow")}</Link>
            </p>
          )}
          <CurrencyNetworkFields
            currencies={currencies}
            currency={currency}
            onCurrency={(picked) => {
              setCurrency(picked);
              setNetworkName("");
              setAmount("");
            }}
            networks={currencyNetworks.map((n) => n.network)}
            network={network?.network}
            onNetwork={setNetworkName}
          />
          <Field label={t("withdraw.address")} hint={addressHint} error={addressError}>
            {(id) => (
              <span className="funds-input-row">
                <Input
                  id={id}
                  className="funds-input"
                  value={address}
                  onChange={(value) => {
                    setError(null);
                    setAddress(value);
                  }}
                  placeholder={t("withdraw.addressPlaceholder", { network: network?.network ?? "" })}
                  autoComplete="off"
                />
                <Button size="small" color="primary" fill="outline" disabled={!network} onClick={() => setBook("pick")}>
                  {t("addressBook.open")}
                </Button>
              </span>
            )}
          </Field>
          {standing === "notSaved" && !addressError && (
            <div className="funds-notice funds-notice--warning withdraw-book" data-testid="withdraw-not-saved">
              <p>{t("withdraw.notSaved", { hours: ADDRESS_HOLD_HOURS })}</p>
              <span className="withdraw-book__actions">
                <Button size="small" color="primary" onClick={() => setBook("save")}>
                  {t("withdraw.saveAddress")}
                </Button>
                <Link to={SECURITY_PATH}>{t("withdraw.orTotp")}</Link>
              </span>
            </div>
          )}
          {standing === "held" && savedMatch && (
            <p className="funds-notice funds-notice--warning" data-testid="withdraw-held">
              {t("withdraw.heldSaved", { label: savedMatch.label, time: formatDateTime(savedMatch.usable_from) })}
            </p>
          )}
          <Field
            label={t("withdraw.amount")}
            aside={t("withdraw.available", { amount: formatMoney(available, currency) })}
            error={amountHint}
          >
            {(id) => (
              <span className="funds-input-row">
                <Input
                  id={id}
                  className="funds-input"
                  value={amount}
                  inputMode="decimal"
                  onChange={(value) => {
                    setError(null);
                    setAmount(sanitizeAmountInput(value, network?.decimals ?? 8));
                  }}
                  placeholder={
                    network
                      ? t("withdraw.amountPlaceholder", {
                          min: formatMoney(network.min_amount, currency),
                          max: formatMoney(network.max_amount, currency),
                        })
                      : ""
                  }
                />
                <Button
                  size="small"
                  fill="none"
                  color="primary"
                  disabled={compare(maxAmount, "0") <= 0}
                  onClick={() => setAmount(maxAmount)}
                >
                  {t("withdraw.max")}
                </Button>
              </span>
            )}
          </Field>
          {network && (
            <InfoRows
              rows={[
                { label: t("withdraw.fee"), value: formatMoney(network.fee, currency), testId: "withdraw-fee" },
                {
                  label: t("withdraw.limits"),
                  value: `${formatMoney(network.min_amount, currency)} – ${formatMoney(network.max_amount, currency)}`,
                },
                {
                  label: t("withdraw.receive"),
                  value: amountOk ? formatMoney(amount, currency) : "—",
                  strong: true,
                  testId: "withdraw-receive",
                },
                {
                  label: t("withdraw.total"),
                  value: total ? formatMoney(total, currency) : "—",
                  testId: "withdraw-total",
                },
              ]}
            />
          )}
          <Field label={t("withdraw.code")} hint={email ? t("withdraw.codeTo", { email }) : t("withdraw.noEmail")}>
            {(id) => (
              <span className="funds-input-row">
                <Input
                  id={id}
                  className="funds-input"
                  value={code}
                  onChange={(value) => {
                    setError(null);
                    setCode(value.replace(/\D/g, "").slice(0, CODE_LENGTH));
                  }}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={CODE_LENGTH}
                  placeholder={t("withdraw.codePlaceholder")}
                />
                <Button
                  size="small"
                  color="primary"
                  fill="outline"
                  disabled={!email || countdown.running}
                  loading={sendCode.isPending}
                  onClick={() => void onSendCode()}
                >
                  {countdown.running
                    ? t("withdraw.resendIn", { seconds: countdown.remaining })
                    : t("withdraw.sendCode")}
                </Button>
              </span>
            )}
          </Field>
          {totpOn && (
            <Field label={t("withdraw.totp")} hint={t("withdraw.totpHint")}>
              {(id) => (
                <Input
                  id={id}
                  className="funds-input"
                  value={totp}
                  onChange={(value) => {
                    setError(null);
                    setTotp(value);
                  }}
                  autoComplete="one-time-code"
                  maxLength={TOTP_MAX}
                  placeholder={t("withdraw.totpPlaceholder")}
                />
              )}
            </Field>
          )}
          {error && (
            <p className="funds-notice funds-notice--error" role="alert">
              {error}
            </p>
          )}
          <Button block color="primary" type="submit" disabled={!ready} loading={submit.isPending}>
            {t("withdraw.confirm")}
          </Button>
        </form>
      )}
      <AddressPickerSheet
        visible={visible && book === "pick"}
        onClose={() => setBook(null)}
        currency={currency}
        network={network?.network ?? ""}
        onPick={pick}
        onAdd={() => setBook("add")}
        totpOn={totpOn}
      />
      <AddAddressSheet
        visible={visible && (book === "add" || book === "save")}
        onClose={() => setBook(book === "save" ? null : "pick")}
        totpOn={totpOn}
        currency={currency}
        network={network?.network}
        address={book === "save" ? typed : undefined}
      />
    </BottomSheet>
  );
}
