import { compare, isDecimal } from "@cryptos/contract/decimal";
import { Button, ImageUploader, type ImageUploadItem, Input, Skeleton, Tag } from "antd-mobile";
import { QRCodeSVG } from "qrcode.react";
import { useEffect, useMemo, useState } from "react";
import { AmountField } from "@/components/AmountField";
import { EmptyState } from "@/components/EmptyState";
import { ImageRemoveButton } from "@/components/ImageRemoveButton";
import { Page } from "@/components/Page";
import { RetryView } from "@/components/RetryView";
import { Selector } from "@/components/Selector";
import { useLongPress } from "@/hooks/useLongPress";
import { ApiError } from "@/lib/api";
import { copyText } from "@/lib/clipboard";
import { useDecimalsOf } from "@/lib/currency-decimals";
import { formatMoney } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { Link, useNavigate, useSearchParams } from "@/lib/router";
import { useRequireAuth } from "@/lib/session";
import { toast } from "@/lib/toast";
import { upload } from "@/lib/upload";
import { useRechargeChannels } from "../api/get-recharge-channels";
import { PROOF_IMAGES_MAX, useSubmitRecharge } from "../api/submit-recharge";
import { Field } from "../components/Field";
import { InfoRows } from "../components/InfoRows";
import { RECHARGE_LOG_PATH } from "../lib/paths";
import "../funds.css";

const ACCEPTED_IMAGES = "image/png,image/jpeg,image/webp";

/** The upload id rides along in the uploader's item, so the form can send ids and show the signed url. */
type ProofItem = ImageUploadItem & { extra: { id: number } };

/**
 * The address to send to, its QR code and copy. A demo channel's address (a burn address, decision 008) is labelled
 * on the QR code, above the address and in the copy toast, so nobody mistakes it for a real one.
 */
function AddressBox({ address, demo }: { address: string; demo: boolean }) {
  const { t } = useTranslation("funds");
  const copy = () => void copyText(address, demo ? t("recharge.demoCopied") : undefined);
  const longPress = useLongPress(copy);
  return (
    <div className={demo ? "funds-address funds-address--demo" : "funds-address"} data-testid="deposit-address-box">
      {demo && (
        <p className="funds-notice funds-notice--error" role="note" data-testid="deposit-demo-notice">
          {/* White text on the theme's fill (4.5:1 in both themes); antd-mobile's danger is too light in the dark. */}
          <Tag color="var(--down-fill)" className="funds-demo-tag">
            {t("recharge.demo")}
          </Tag>{" "}
          {t("recharge.demoNotice")}
        </p>
      )}
      <div className="funds-address__qr">
        <QRCodeSVG
          value={address}
          size={160}
          marginSize={2}
          level={demo ? "H" : "L"}
          title={demo ? t("recharge.qrTitleDemo") : t("recharge.qrTitle")}
        />
        {demo && (
          <span className="funds-address__qr-stamp" aria-hidden="true">
            {t("recharge.demo")}
          </span>
        )}
      </div>
      <p className="funds-address__label">{demo ? t("recharge.addressDemo") : t("recharge.address")}</p>
      <p className="funds-address__value" data-testid="deposit-address" {...longPress}>
        {address}
      </p>
      <p className="funds-field__hint">{t("recharge.longPressHint")}</p>
      <Button size="small" color={demo ? "danger" : "primary"} fill="outline" onClick={copy}>
        {demo ? t("recharge.copyDemoAddress") : t("recharge.copyAddress")}
      </Button>
    </div>
  );
}

export default function Recharge() {
  const { t } = useTranslation("funds");
  const signedIn = useRequireAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const channels = useRechargeChannels();
  const decimalsOf = useDecimalsOf();
  const submit = useSubmitRecharge();

  const items = channels.data?.items ?? [];
  const currencies = useMemo(() => [...new Set(items.map((c) => c.currency))], [items]);
  const [currency, setCurrency] = useState(params.get("currency") ?? "");
  const [channelId, setChannelId] = useState<number | null>(null);
  const [amount, setAmount] = useState("");
  const [txid, setTxid] = useState("");
  const [proofs, setProofs] = useState<ProofItem[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (currencies.length > 0 && !currencies.includes(currency)) setCurrency(currencies[0] as string);
  }, [currencies, currency]);
  const currencyChannels = items.filter((c) => c.currency === currency);
  const channel = currencyChannels.find((c) => c.id === channelId) ?? currencyChannels[0];
  const decimals = decimalsOf(currency) ?? 8;

  const onChain = channel?.on_chain ?? null;
  const amountOk = isDecimal(amount) && compare(amount, "0") > 0;
  const ready = channel !== undefined && amountOk && proofs.length > 0;

  const uploadProof = async (file: File): Promise<ProofItem> => {
    try {
      const stored = await upload(file);
      return { url: stored.url, extra: { id: stored.id } };
    } catch (caught) {
      toast.error(caught instanceof ApiError ? caught.msg : t("errors.uploadFailed"));
      throw caught;
    }
  };

  const onSubmit = async () => {
    if (!channel || !ready) return;
    setError(null);
    try {
      await submit.mutateAsync({
        channel_id: channel.id,
        amount,
        txid: txid.trim() || undefined,
        images: proofs.map((p) => p.extra.id),
      });
      toast.success(t("recharge.submitted"));
      void navigate(`${RECHARGE_LOG_PATH}?tab=deposits`, { replace: true });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.msg : t("errors.network"));
    }
  };

  const logLink = (
    <Link to={RECHARGE_LOG_PATH} className="funds-header-link">
      {t("recharge.log")}
    </Link>
  );

  return (
    <Page title={t("common:pages.recharge")} right={logLink} className="funds-page">
      {!signedIn ? null : channels.isPending ? (
        <div className="funds-card">
          <Skeleton.Paragraph lineCount={10} animated />
        </div>
      ) : channels.isError ? (
        <RetryView
          onRetry={() => void channels.refetch()}
          message={channels.error instanceof ApiError ? channels.error.msg : undefined}
        />
      ) : items.length === 0 ? (
        <EmptyState title={t("recharge.noChannels")} />
      ) : (
        <form
          className="funds-form funds-card"
          onSubmit={(event) => {
            event.preventDefault();
            void onSubmit();
          }}
        >
          <fieldset className="funds-field">
            <legend>{t("recharge.currency")}</legend>
            <Selector
              columns={4}
              options={currencies.map((c) => ({ label: c, value: c }))}
              value={[currency]}
              onChange={(values) => {
                if (!values[0]) return;
                setCurrency(values[0]);
                setChannelId(null);
                setAmount("");
              }}
            />
          </fieldset>
          <fieldset className="funds-field">
            <legend>{t("recharge.network")}</legend>
            <Selector
              columns={3}
              options={currencyChannels.map((c) => ({
                label: c.demo
                  ? `${c.network} · ${t("recharge.demo")}`
                  : c.on_chain
                    ? c.network
                    : `${c.network} · ${t("recharge.handChecked")}`,
                value: c.id,
              }))}
              value={channel ? [channel.id] : []}
              onChange={(values) => values[0] !== undefined && setChannelId(values[0])}
            />
          </fieldset>
          {channel && (
            <>
              <AddressBox address={channel.address} demo={channel.demo} />
              <p className="funds-notice funds-notice--warning">
                {t("recharge.onlySend", { currency: channel.currency, network: channel.network })}
              </p>
            </>
          )}
          {onChain && channel ? (
            // The user's own address: the chain watcher credits it, there is nothing to report or prove.
            <p className="funds-muted" data-testid="deposit-on-chain-note">
              {t("recharge.onChainNote", {
                network: channel.network,
                confirmations: onChain.confirmations,
                min: onChain.min_deposit,
                currency: channel.currency,
              })}
            </p>
          ) : (
            <>
              <AmountField
                label={t("recharge.amount", { currency })}
                value={amount}
                onChange={setAmount}
                decimals={decimals}
                placeholder={t("recharge.amountPlaceholder")}
              />
              <Field label={t("recharge.txid")}>
                {(id) => (
                  <Input
                    id={id}
                    className="funds-input"
                    value={txid}
                    maxLength={128}
                    onChange={setTxid}
                    placeholder={t("recharge.txidPlaceholder")}
                    autoComplete="off"
                  />
                )}
              </Field>
              <fieldset className="funds-field">
                <legend>{t("recharge.proofs", { max: PROOF_IMAGES_MAX })}</legend>
                <ImageUploader
                  value={proofs}
                  onChange={(list) => setProofs(list as ProofItem[])}
                  upload={uploadProof}
                  maxCount={PROOF_IMAGES_MAX}
                  accept={ACCEPTED_IMAGES}
                  multiple
                  deleteIcon={<ImageRemoveButton />}
                />
                <span className="funds-field__hint">{t("recharge.proofsHint")}</span>
              </fieldset>
              {channel && amountOk && (
                <InfoRows
                  rows={[
                    { label: t("recharge.network"), value: `${channel.currency} · ${channel.network}` },
                    { label: t("recharge.credit"), value: formatMoney(amount, channel.currency), strong: true },
                  ]}
                />
              )}
              <p className="funds-muted">{t("recharge.reviewNote")}</p>
              {error && (
                <p className="funds-notice funds-notice--error" role="alert">
                  {error}
                </p>
              )}
              <Button block color="primary" type="submit" disabled={!ready} loading={submit.isPending}>
                {t("recharge.submit")}
              </Button>
            </>
          )}
        </form>
      )}
    </Page>
  );
}
