import { DOC_TYPES, type DocType } from "@cryptos/contract";
import { Button, Form, ImageUploader, type ImageUploadItem, Input } from "antd-mobile";
import { useEffect, useRef, useState } from "react";
import { ImageRemoveButton } from "@/components/ImageRemoveButton";
import { Selector } from "@/components/Selector";
import { ApiError } from "@/lib/api";
import { APP_VALIDATION_ONLY } from "@/lib/form-props";
import { useTranslation } from "@/lib/i18n";
import { toast } from "@/lib/toast";
import { upload } from "@/lib/upload";
import { useSubmitRealName } from "../api/submit-real-name";
import { isValidDocNumber, isValidName, normalizeDocNumber, normalizeName } from "../lib/doc-number";

/** The contract's submitRealName: front and back of the document, and optionally a third photo (a selfie with it). */
const MIN_IMAGES = 2;
const MAX_IMAGES = 3;
const MAX_BYTES = 10 * 1024 * 1024;

interface Values {
  name: string;
  doc_type: DocType[];
  doc_number: string;
  images: ImageUploadItem[];
}

function uploadedId(item: ImageUploadItem): number | null {
  const extra = item.extra as { id?: unknown } | undefined;
  return typeof extra?.id === "number" ? extra.id : null;
}

export function RealNameForm({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation("identity");
  const [form] = Form.useForm<Values>();
  const submit = useSubmitRealName();
  const previews = useRef<string[]>([]);
  const [docType, setDocType] = useState<DocType>("id_card");

  // Local previews (the uploaded copy is readable only with the session, so an <img> could not load it).
  useEffect(
    () => () => {
      for (const url of previews.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const uploadImage = async (file: File): Promise<ImageUploadItem> => {
    try {
      const stored = await upload(file);
      const url = URL.createObjectURL(file);
      previews.current.push(url);
      return { url, extra: { id: stored.id } };
    } catch (error) {
      toast.error(error instanceof ApiError ? error.msg : t("errors.uploadFailed"));
      throw error;
    }
  };

  const onFinish = (values: Values) => {
    const images = values.images.map(uploadedId).filter((id): id is number => id !== null);
    submit.mutate(
      {
        name: normalizeName(values.name),
        doc_type: values.doc_type[0] ?? "id_card",
        doc_number: normalizeDocNumber(values.doc_number),
        images,
      },
      {
        onSuccess: () => {
          toast.success(t("submitted"));
          onDone?.();
        },
        onError: (error) => toast.error(error instanceof ApiError ? error.msg : t("errors.network")),
      },
    );
  };

  return (
    <Form
      {...APP_VALIDATION_ONLY}
      form={form}
      layout="vertical"
      className="idn-form"
      initialValues={{ name: "", doc_type: ["id_card"], doc_number: "", images: [] }}
      onFinish={onFinish}
      onValuesChange={(changed: Partial<Values>) => {
        const next = changed.doc_type?.[0];
        if (next) {
          setDocType(next);
          if (form.getFieldValue("doc_number")) void form.validateFields(["doc_number"]).catch(() => undefined);
        }
      }}
      footer={
        <Button block type="submit" color="primary" size="large" loading={submit.isPending}>
          {t("submit")}
        </Button>
      }
    >
      <Form.Item
        name="name"
        label={t("fields.name")}
        required
        rules={[
          {
            validator: (_, value: string) =>
              isValidName(value ?? "") ? Promise.resolve() : Promise.reject(new Error(t("errors.name"))),
          },
        ]}
      >
        <Input placeholder={t("placeholders.name")} maxLength={60} autoComplete="name" />
      </Form.Item>
      <Form.Item name="doc_type" label={t("fields.docType")} rules={[{ required: true }]}>
        <Selector
          columns={3}
          options={DOC_TYPES.map((type) => ({ label: t(`docTypes.${type}`), value: type }))}
          className="idn-selector"
        />
      </Form.Item>
      <Form.Item
        name="doc_number"
        label={t("fields.docNumber")}
        required
        dependencies={["doc_type"]}
        rules={[
          {
            validator: (_, value: string) =>
              isValidDocNumber(docType, value ?? "")
                ? Promise.resolve()
                : Promise.reject(new Error(t(`errors.docNumber.${docType}`))),
          },
        ]}
      >
        <Input placeholder={t(`placeholders.docNumber.${docType}`)} maxLength={32} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="images"
        label={t("fields.images")}
        required
        description={t("imagesHelp", { min: MIN_IMAGES, max: MAX_IMAGES })}
        rules={[
          {
            validator: (_, value: ImageUploadItem[] | undefined) =>
              (value?.length ?? 0) >= MIN_IMAGES
                ? Promise.resolve()
                : Promise.reject(new Error(t("errors.images", { min: MIN_IMAGES }))),
          },
        ]}
      >
        <ImageUploader
          upload={uploadImage}
          maxCount={MAX_IMAGES}
          accept="image/jpeg,image/png,image/webp"
          deleteIcon={<ImageRemoveButton />}
          beforeUpload={(file) => {
            if (file.size > MAX_BYTES) {
              toast.error(t("errors.imageTooLarge"));
              return null;
            }
            return file;
          }}
        />
      </Form.Item>
    </Form>
  );
}
