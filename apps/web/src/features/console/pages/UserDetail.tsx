import { useState } from "react";
import { formatAmount, formatDateTime, formatDecimal, formatMoney } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { Link, useParams } from "@/lib/router";
import { toast } from "@/lib/toast";
import { PAGE_SIZE } from "../api/keys";
import {
  type AdminUserDetail,
  useResetUserTotp,
  useSendMessage,
  useSetCreditScore,
  useUser,
  useUserBills,
  useUserOrders,
} from "../api/users";
import { ScreenHeader } from "../components/ConsoleLayout";
import { Modal } from "../components/Modal";
import { Pager } from "../components/Pager";
import { EmptyRow, QueryState } from "../components/QueryState";
import { StatusBadge } from "../components/StatusBadge";
import { errorMessage } from "../lib/operator-api";

function CreditDialog({ user, onClose }: { user: AdminUserDetail; onClose: () => void }) {
  const { t } = useTranslation("console");
  const save = useSetCreditScore();
  const [score, setScore] = useState(String(user.credit_score));
  const [reason, setReason] = useState("");
  const valid = /^\d{1,4}$/.test(score) && Number(score) <= 1000 && reason.trim().length >= 2;
  const submit = () =>
    save.mutate(
      { uid: user.id, score: Number(score), reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success(t("common.saved"));
          onClose();
        },
        onError: (error) => toast.error(errorMessage(error, t("common.saveFailed"))),
      },
    );
  return (
    <Modal
      title={t("users.changeCredit")}
      onClose={onClose}
      actions={
        <button
          type="button"
          className="console-button console-button--primary"
          disabled={!valid || save.isPending}
          onClick={submit}
        >
          {t("common.save")}
        </button>
      }
    >
      <label className="console-field">
        <span>{t("users.newScore")}</span>
        <input
          type="number"
          min={0}
          max={1000}
          step={1}
          value={score}
          onChange={(event) => setScore(event.target.value)}
        />
      </label>
      <label className="console-field">
        <span>{t("review.reason")}</span>
        <textarea rows={3} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
        <small className="console-muted">{t("users.creditReasonHint")}</small>
      </label>
    </Modal>
  );
}

/** Two-step verification off for a user who lost the authenticator; the reason is audited and sent to the user. */
function TotpResetDialog({ user, onClose }: { user: AdminUserDetail; onClose: () => void }) {
  const { t } = useTranslation("console");
  const reset = useResetUserTotp();
  const [reason, setReason] = useState("");
  const submit = () =>
    reset.mutate(
      { uid: user.id, reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success(t("users.totpResetDone"));
          onClose();
        },
        onError: (error) => toast.error(errorMessage(error, t("common.saveFailed"))),
      },
    );
  return (
    <Modal
      title={t("users.totpReset")}
      onClose={onClose}
      actions={
        <button
          type="button"
          className="console-button console-button--danger"
          disabled={reason.trim().length < 2 || reset.isPending}
          onClick={submit}
        >
          {t("users.totpResetConfirm")}
        </button>
      }
    >
      <p>{t("users.totpResetIntro", { who: user.email ?? user.address ?? `#${user.id}` })}</p>
      <label className="console-field">
        <span>{t("review.reason")}</span>
        <textarea rows={3} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
        <small className="console-muted">{t("users.totpResetHint")}</small>
      </label>
    </Modal>
  );
}

function MessageDialog({ uid, onClose }: { uid: number; onClose: () => void }) {
  const { t } = useTranslation("console");
  const send = useSendMessage();
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const submit = () =>
    send.mutate(
      { uid, title: title.trim(), body: body.trim() },
      {
        onSuccess: () => {
          toast.success(t("users.messageSent"));
          onClose();
        },
        onError: (error) => toast.error(errorMessage(error, t("common.saveFailed"))),
      },
    );
  return (
    <Modal
      title={t("users.sendMessage")}
      onClose={onClose}
      wide
      actions={
        <button
          type="button"
          className="console-button console-button--primary"
          disabled={title.trim() === "" || body.trim() === "" || send.isPending}
          onClick={submit}
        >
          {t("users.send")}
        </button>
      }
    >
      <label className="console-field">
        <span>{t("users.messageTitle")}</span>
        <input maxLength={120} value={title} onChange={(event) => setTitle(event.target.value)} />
      </label>
      <label className="console-field">
        <span>{t("users.messageBody")}</span>
        <textarea rows={6} maxLength={5000} value={body} onChange={(event) => setBody(event.target.value)} />
      </label>
    </Modal>
  );
}

function Bills({ uid }: { uid: number }) {
  const { t } = useTranslation("console");
  const [page, setPage] = useState(1);
  const bills = useUserBills(uid, page);
  return (
    <QueryState query={bills}>
      {(data) => (
        <>
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">{t("fields.time")}</th>
                <th scope="col">{t("fields.type")}</th>
                <th scope="col">{t("fields.account")}</th>
                <th scope="col" className="num">
                  {t("fields.amount")}
                </th>
                <th scope="col" className="num">
                  {t("fields.balanceAfter")}
                </th>
                <th scope="col">{t("fields.reference")}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.length === 0 && <EmptyRow columns={6} />}
              {data.items.map((bill) => (
                <tr key={bill.id}>
                  <td>{formatDateTime(bill.created_at)}</td>
                  <td>{t(`billTypes.${bill.type}`, { defaultValue: bill.type })}</td>
                  <td>{t(`accounts.${bill.account}`, { defaultValue: bill.account })}</td>
                  <td className="num">{formatMoney(bill.amount, bill.currency, { signed: true })}</td>
                  <td className="num">{formatMoney(bill.balance_after, bill.currency)}</td>
                  <td className="console-mono">{bill.ref ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} total={data.total} size={PAGE_SIZE} onChange={setPage} />
        </>
      )}
    </QueryState>
  );
}

function Orders({ uid }: { uid: number }) {
  const { t } = useTranslation("console");
  const [page, setPage] = useState(1);
  const orders = useUserOrders(uid, page);
  return (
    <QueryState query={orders}>
      {(data) => (
        <>
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">{t("fields.id")}</th>
                <th scope="col">{t("fields.pair")}</th>
                <th scope="col">{t("fields.direction")}</th>
                <th scope="col" className="num">
                  {t("fields.amount")}
                </th>
                <th scope="col">{t("fields.term")}</th>
                <th scope="col" className="num">
                  {t("fields.entryExit")}
                </th>
                <th scope="col">{t("fields.status")}</th>
                <th scope="col" className="num">
                  {t("fields.profit")}
                </th>
                <th scope="col">{t("fields.placed")}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.length === 0 && <EmptyRow columns={9} />}
              {data.items.map((order) => (
                <tr key={order.id}>
                  <td>#{order.id}</td>
                  <td>{order.symbol}</td>
                  <td>{t(`directions.${order.direction}`)}</td>
                  <td className="num">{formatMoney(order.amount, order.currency)}</td>
                  <td>{t("updown.term", { seconds: order.seconds, rate: order.payout_rate })}</td>
                  <td className="num">
                    {order.entry ? formatDecimal(order.entry.price, { minFraction: 0 }) : "—"} /{" "}
                    {order.exit ? formatDecimal(order.exit.price, { minFraction: 0 }) : "—"}
                  </td>
                  <td>
                    {order.result ? (
                      <span
                        className={`console-badge console-badge--${order.result === "win" ? "success" : order.result === "lose" ? "danger" : "muted"}`}
                      >
                        {t(`results.${order.result}`)}
                      </span>
                    ) : (
                      <span className="console-badge console-badge--warning">{t(`orderStatus.${order.status}`)}</span>
                    )}
                  </td>
                  <td className="num">
                    {order.profit === null ? "—" : formatAmount(order.profit, order.currency, { signed: true })}
                  </td>
                  <td>{formatDateTime(order.accepted_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} total={data.total} size={PAGE_SIZE} onChange={setPage} />
        </>
      )}
    </QueryState>
  );
}

/** One user: profile, balances, and read-only bills and up/down orders; credit score and messages. */
export function UserDetail() {
  const { t } = useTranslation("console");
  const uid = Number(useParams().uid);
  const user = useUser(uid);
  const [tab, setTab] = useState<"bills" | "orders">("bills");
  const [dialog, setDialog] = useState<"credit" | "message" | "totp" | null>(null);
  return (
    <>
      <ScreenHeader title={t("users.detailTitle", { id: uid })}>
        <Link to="/admin/users" className="console-button">
          {t("users.backToList")}
        </Link>
      </ScreenHeader>
      <QueryState query={user}>
        {(data) => {
          // Every currency has an account; the ones holding nothing would push the history off the screen.
          const held = data.balances.filter((row) => /[1-9]/.test(row.available) || /[1-9]/.test(row.frozen));
          return (
            <>
              <section className="console-section console-profile">
                <dl className="console-dl">
                  <dt>{t("fields.email")}</dt>
                  <dd>{data.email ?? "—"}</dd>
                  <dt>{t("fields.address")}</dt>
                  <dd className="console-mono">{data.address ?? "—"}</dd>
                  <dt>{t("fields.creditScore")}</dt>
                  <dd>{data.credit_score}</dd>
                  <dt>{t("fields.realName")}</dt>
                  <dd>
                    <StatusBadge status={data.real_name_status} />
                  </dd>
                  <dt>{t("fields.twoStep")}</dt>
                  <dd>{data.totp_enabled ? t("users.totpOn") : t("users.totpOff")}</dd>
                  <dt>{t("fields.joined")}</dt>
                  <dd>{formatDateTime(data.created_at)}</dd>
                </dl>
                <div className="console-profile__actions">
                  <button type="button" className="console-button" onClick={() => setDialog("credit")}>
                    {t("users.changeCredit")}
                  </button>
                  <button type="button" className="console-button" onClick={() => setDialog("message")}>
                    {t("users.sendMessage")}
                  </button>
                  {data.totp_enabled && (
                    <button
                      type="button"
                      className="console-button console-button--danger"
                      onClick={() => setDialog("totp")}
                    >
                      {t("users.totpReset")}
                    </button>
                  )}
                </div>
              </section>
              <section className="console-section">
                <h2>{t("users.balances")}</h2>
                <table className="console-table">
                  <thead>
                    <tr>
                      <th scope="col">{t("fields.currency")}</th>
                      <th scope="col" className="num">
                        {t("accounts.available")}
                      </th>
                      <th scope="col" className="num">
                        {t("accounts.frozen")}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {held.length === 0 && <EmptyRow columns={3} />}
                    {held.map((row) => (
                      <tr key={row.currency}>
                        <th scope="row">{row.currency}</th>
                        <td className="num">{formatDecimal(row.available)}</td>
                        <td className="num">{formatDecimal(row.frozen)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                {held.length < data.balances.length && (
                  <p className="console-muted">
                    {t("users.zeroHidden", { count: data.balances.length - held.length })}
                  </p>
                )}
              </section>
              <section className="console-section">
                <div className="console-segments" role="tablist" aria-label={t("users.history")}>
                  {(["bills", "orders"] as const).map((key) => (
                    <button
                      key={key}
                      type="button"
                      role="tab"
                      aria-selected={tab === key}
                      className={tab === key ? "console-segment console-segment--active" : "console-segment"}
                      onClick={() => setTab(key)}
                    >
                      {t(`users.${key}`)}
                    </button>
                  ))}
                </div>
                <div role="tabpanel">{tab === "bills" ? <Bills uid={uid} /> : <Orders uid={uid} />}</div>
              </section>
              {dialog === "credit" && <CreditDialog user={data} onClose={() => setDialog(null)} />}
              {dialog === "message" && <MessageDialog uid={uid} onClose={() => setDialog(null)} />}
              {dialog === "totp" && <TotpResetDialog user={data} onClose={() => setDialog(null)} />}
            </>
          );
        }}
      </QueryState>
    </>
  );
}
