import type { Locale } from "@cryptos/contract";
import { useState } from "react";
import { formatDateTime } from "@/lib/format";
import { currentLocale, useTranslation } from "@/lib/i18n";
import { type AdminNews, type NewsCategory, useNews, useSaveNews } from "../api/content";
import { ConfigScreen } from "../components/ConfigScreen";
import { SelectField, Switch } from "../components/Form";
import { compactText, LocalizedFields, type LocalizedText, pickText } from "../components/LocalizedFields";
import { Modal } from "../components/Modal";
import { SaveButton } from "../components/SaveButton";
import { SegmentFilter } from "../components/StatusFilter";
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
        <SelectField
          label={t("news.category")}
          value={String(cid)}
          options={[
            { value: "1", label: t("news.cid1") },
            { value: "2", label: t("news.cid2") },
          ]}
          onChange={(value) => setCid(value === "2" ? 2 : 1)}
        />
        <Switch label={t("news.published")} checked={published} onChange={setPublished} />
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
  const language = currentLocale();
  return (
    <ConfigScreen
      title={t("nav.news")}
      filters={
        <SegmentFilter
          legend={t("news.category")}
          value={cid}
          options={["", "1", "2"] as const}
          label={(option) => (option === "" ? t("common.all") : t(`news.cid${option}`))}
          onChange={(option) => {
            setCid(option);
            setPage(1);
          }}
        />
      }
      newLabel={t("news.new")}
      query={useNews(cid, page)}
      paging={{ page, onChange: setPage }}
      editLabel={(item) => t("news.edit", { id: item.id })}
      dialog={(item, onClose) => <NewsDialog item={item} onClose={onClose} />}
      columns={[
        { header: t("fields.id"), cell: (item) => `#${item.id}` },
        {
          header: t("news.category"),
          cell: (item) => t(`news.cid${item.cid}`, { defaultValue: String(item.cid) }),
        },
        { header: t("news.titleField"), cell: (item) => pickText(item.title, language) },
        { header: t("news.languages"), cell: (item) => Object.keys(item.title).join(", ") },
        {
          header: t("news.published"),
          cell: (item) => (
            <span className={`console-badge console-badge--${item.published ? "success" : "muted"}`}>
              {item.published ? t("news.published") : t("news.draft")}
            </span>
          ),
        },
        { header: t("fields.time"), cell: (item) => formatDateTime(item.created_at) },
      ]}
    />
  );
}
