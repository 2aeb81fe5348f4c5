import type { AmountIssue, Network } from "@cryptos/contract";
import { Button, Skeleton } from "antd-mobile";
import { useEffect, useMemo } from "react";
import { AmountField } from "@/components/AmountField";
import { BottomSheet } from "@/components/BottomSheet";
import { RetryView } from "@/components/RetryView";
import { useCountdown } from "@/hooks/useCountdown";
import { ApiError } from "@/lib/api";
import { formatMoney } from "@/lib/format";
import { type TFunction, useTranslation } from "@/lib/i18n";
import { Link } from "@/lib/router";
import type { UserInfo } from "@/lib/session";
import { confirm, toast } from "@/lib/toast";
import { useWithdrawAddresses } from "../api/address-book";
import { useWithdrawInfo, type WithdrawNetwork } from "../api/get-withdraw-info";
import { useSendWithdrawCode } from "../api/send-withdraw-code";
import { useSubmitWithdraw } from "../api/submit-withdraw";
import { useWithdrawDraft } from "../hooks/useWithdrawDraft";
import { bookStanding } from "../lib/address-rule";
import { REAL_NAME_PATH } from "../lib/paths";
import { type WithdrawBlocker, withdrawFormState } from "../lib/withdraw-form";
import { AddAddressSheet } from "./AddAddressSheet";
import { AddressPickerSheet } from "./AddressPickerSheet";
import { CurrencyNetworkFields } from "./CurrencyNetworkFields";
import { InfoRows } from "./InfoRows";
import { WithdrawAddressField } from "./WithdrawAddressField";
import { WithdrawCodeFields } from "./WithdrawCodeFields";

export interface WithdrawSheetProps {
  visible: boolean;
  onClose: () => void;
  user: UserInfo;
}

function refusalMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.msg : fallback;
}

/** What the sheet says of an amount the server would refuse. */
function amountText(t: TFunction, issue: AmountIssue, network: WithdrawNetwork, currency: string): string {
  if (issue === "below_min") return t("withdraw.belowMin", { min: formatMoney(network.min_amount, currency) });
  if (issue === "above_max") return t("withdraw.aboveMax", { max: formatMoney(network.max_amount, currency) });
  if (issue === "insufficient_balance") return t("withdraw.insufficient");
  if (issue === "too_many_decimals") return t("withdraw.tooManyDecimals", { decimals: network.decimals });
  return t("withdraw.invalidAmount");
}

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
  const { draft, setCurrency, setNetwork, setField, pick, setBook, setError, reset } = useWithdrawDraft();
  const { currency, address, amount, code, totp, error, book, picked } = draft;

  const networks = info.data?.items ?? [];
  const currencies = useMemo(() => [...new Set(networks.map((n) => n.currency))], [networks]);
  // Pick the first currency and its first network once they are known.
  useEffect(() => {
    if (!currency && currencies[0]) setCurrency(currencies[0]);
  }, [currency, currencies, setCurrency]);
  const currencyNetworks = networks.filter((n) => n.currency === currency);
  const network = currencyNetworks.find((n) => n.network === draft.networkName) ?? currencyNetworks[0];

  const available = user.users.balances.find((b) => b.currency === currency)?.available ?? "0";
  const email = user.userinfo.email;
  const totpOn = user.userinfo.totp_enabled;
  const realNameBlocked = info.data?.requires_real_name === true && info.data.real_name_status !== "verified";

  const typed = address.trim();
  const saved = useWithdrawAddresses(
    { currency, network: network?.network ?? "" },
    visible && Boolean(currency && network),
  );
  // Only a saved address past its hold, two-step verification or not (decision 120).
  const { standing, match: savedMatch } = bookStanding(typed, saved.data?.items, Date.now());

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
  const amountError = network && issues.amount ? amountText(t, issues.amount, network, currency) : null;
  const blockerText: Record<WithdrawBlocker, string | null> = {
    needRealName: t("withdraw.needRealName"),
    needAddress: t("withdraw.needAddress"),
    invalidAddress: addressError,
    needUsableAddress: t("withdraw.needUsableAddress"),
    needAmount: t("withdraw.needAmount"),
  };
  const blocker = form.blocker && blockerText[form.blocker];

  const pickedNow = picked && picked.address === typed ? picked : savedMatch?.usable ? savedMatch : null;
  let addressHint: string | undefined;
  if (pickedNow) addressHint = t("addressBook.pickedHint", { label: pickedNow.label });
  else if (!typed) addressHint = t("common:addressRule");

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
            { label: t("withdraw.address"), value: <span className="funds-break">{typed}</span> },
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
        address: typed,
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
            onCurrency={setCurrency}
            networks={currencyNetworks.map((n) => n.network)}
            network={network?.network}
            onNetwork={setNetwork}
          />
          <WithdrawAddressField
            address={address}
            onAddress={(value) => setField("address", value)}
            network={network?.network}
            error={addressError}
            hint={addressHint}
            standing={standing}
            savedMatch={savedMatch}
            onBook={setBook}
          />
          <AmountField
            label={t("withdraw.amount")}
            balance={t("withdraw.available", { amount: formatMoney(available, currency) })}
            value={amount}
            onChange={(value) => setField("amount", value)}
            decimals={network?.decimals ?? 8}
            max={maxAmount}
            maxLabel={t("withdraw.max")}
            error={amountError}
            placeholder={
              network
                ? t("withdraw.amountPlaceholder", {
                    min: formatMoney(network.min_amount, currency),
                    max: formatMoney(network.max_amount, currency),
                  })
                : ""
            }
          />
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
          <WithdrawCodeFields
            email={email}
            code={code}
            onCode={(value) => setField("code", value)}
            totpOn={totpOn}
            totp={totp}
            onTotp={(value) => setField("totp", value)}
            onSendCode={() => void onSendCode()}
            sending={sendCode.isPending}
            resendIn={countdown.running ? countdown.remaining : null}
          />
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
