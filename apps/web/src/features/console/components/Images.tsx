import { useTranslation } from "@/lib/i18n";

/** Proof or document images (signed URLs): thumbnails that open full size in a new tab. */
export function Images({ images, label }: { images: { id: number; url: string }[]; label: string }) {
  const { t } = useTranslation("console");
  if (images.length === 0) return <span className="console-muted">{t("common.noImages")}</span>;
  return (
    <div className="console-images">
      {images.map((image, index) => (
        <a key={image.id} href={image.url} target="_blank" rel="noreferrer" className="console-images__link">
          <img src={image.url} alt={t("common.imageAlt", { label, n: index + 1 })} className="console-images__img" />
        </a>
      ))}
    </div>
  );
}
