import type { Locale } from "@cryptos/contract";
import { useState } from "react";
import { formatDateTime } from "@/lib/format";
import { currentLocale, useTranslation } from "@/lib/i18n";
import { type AdminNews, type NewsCategory, useNews, useSaveNews } from "../api/content";
import { PAGE_SIZE } from "../api/keys";
import { ScreenHeader } from "../components/ConsoleLayout";
import { EditButton } from "../components/EditButton";
import { compactText, LocalizedFields, type LocalizedText, pickText } from "../components/LocalizedFields";
import { Modal } from "../components/Modal";
import { Pager } from "../components/Pager";
import { EmptyRow, QueryState } from "../components/QueryState";
import { SaveButton } from "../components/SaveButton";
import { saveFeedback } from "../lib/save-feedback";

function NewsDialog({ item, onClose }: { item: AdminNews | null; onClose: () => void }) {
  const { t } = useTranslation("console");
  const save = useSaveNews();
  const [cid, setCid] = useState<1 | 2>(item?.cid === 2 ? 2 : 1);
  const [text, setText] = useState<{ title: LocalizedText; body: LocalizedText }>({
    title: { ...(item?.title ?? {}) },
    body: { ...(item?.body ?? {}) },
  });
  const [published, setPublished] = useState(item?.published ?? true);
  const title = compactText(text.title);
  const body = compactText(text.body);
  // Every language with a title needs a body and the other way round; English is the fallback.
  const valid =
    title.en !== undefined &&
    body.en !== undefined &&
    Object.keys(title).every((language) => body[language] !== undefined) &&
    Object.keys(body).every((language) => title[language] !== undefined);
  const submit = () => save.mutate({ id: item?.id, cid, title, body, published }, saveFeedback(onClose));
  return (
    <Modal
      title={item ? t("news.edit", { id: item.id }) : t("news.new")}
      onClose={onClose}
      wide
      actions={<SaveButton mutation={save} disabled={!valid} onClick={submit} />}
    >
      <div className="console-grid">
        <label className="console-field">
          <span>{t("news.category")}</span>
          <select value={cid} onChange={(event) => setCid(event.target.value === "2" ? 2 : 1)}>
            <option value={1}>{t("news.cid1")}</option>
            <option value={2}>{t("news.cid2")}</option>
          </select>
        </label>
        <label className="console-switch">
          <input type="checkbox" checked={published} onChange={(event) => setPublished(event.target.checked)} />
          <span>{t("news.published")}</span>
        </label>
      </div>
      <LocalizedFields
        fields={[
          { key: "title", label: t("news.titleField"), value: text.title },
          { key: "body", label: t("news.bodyField"), value: text.body, multiline: true },
        ]}
        onChange={(key, language: Locale, value) =>
          setText((current) =>
            key === "title"
              ? { ...current, title: { ...current.title, [language]: value } }
              : { ...current, body: { ...current.body, [language]: value } },
          )
        }
      />
      {!valid && <p className="console-muted">{t("news.rule")}</p>}
    </Modal>
  );
}

/** Announcements and system notices in every language, published or kept as drafts. */
export function News() {
  const { t } = useTranslation("console");
  const [cid, setCid] = useState<NewsCategory>("");
  const [page, setPage] = useState(1);
  const news = useNews(cid, page);
  const [editing, setEditing] = useState<AdminNews | "new" | null>(null);
  const language = currentLocale();
  return (
    <>
      <ScreenHeader title={t("nav.news")}>
        <fieldset className="console-segments">
          <legend className="console-visually-hidden">{t("news.category")}</legend>
          {(["", "1", "2"] as const).map((option) => (
            <button
              key={option || "all"}
              type="button"
              aria-pressed={cid === option}
              className={cid === option ? "console-segment console-segment--active" : "console-segment"}
              onClick={() => {
                setCid(option);
                setPage(1);
              }}
            >
              {option === "" ? t("common.all") : t(`news.cid${option}`)}
            </button>
          ))}
        </fieldset>
        <button type="button" className="console-button console-button--primary" onClick={() => setEditing("new")}>
          {t("news.new")}
        </button>
      </ScreenHeader>
      <QueryState query={news}>
        {(data) => (
          <>
            <table className="console-table">
              <thead>
                <tr>
                  <th scope="col">{t("fields.id")}</th>
                  <th scope="col">{t("news.category")}</th>
                  <th scope="col">{t("news.titleField")}</th>
                  <th scope="col">{t("news.languages")}</th>
                  <th scope="col">{t("news.published")}</th>
                  <th scope="col">{t("fields.time")}</th>
                  <th scope="col">{t("fields.actions")}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.length === 0 && <EmptyRow columns={7} />}
                {data.items.map((item) => (
                  <tr key={item.id}>
                    <td>#{item.id}</td>
                    <td>{t(`news.cid${item.cid}`, { defaultValue: String(item.cid) })}</td>
                    <td>{pickText(item.title, language)}</td>
                    <td>{Object.keys(item.title).join(", ")}</td>
                    <td>
                      <span className={`console-badge console-badge--${item.published ? "success" : "muted"}`}>
                        {item.published ? t("news.published") : t("news.draft")}
                      </span>
                    </td>
                    <td>{formatDateTime(item.created_at)}</td>
                    <td>
                      <EditButton label={t("news.edit", { id: item.id })} onEdit={() => setEditing(item)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager page={page} total={data.total} size={PAGE_SIZE} onChange={setPage} />
          </>
        )}
      </QueryState>
      {editing && <NewsDialog item={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}
