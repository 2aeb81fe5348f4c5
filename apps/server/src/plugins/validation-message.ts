import type { Locale } from "@cryptos/contract";
import type { FastifySchemaValidationError } from "fastify";
import { type MessageKey, type MessageParams, translate } from "../i18n/translate";

const CUSTOM_KEYS = new Set<string>([
  "invalid_amount",
  "too_many_decimals",
  "must_be_positive",
  "amount_too_large",
  "invalid_email",
  "invalid_code",
  "invalid_address",
  "weak_password",
  "invalid_currency",
  "invalid_id_list",
  "duplicate_ids",
]);

const TYPE_KEYS: Record<string, MessageKey> = {
  string: "type_string",
  number: "type_number",
  int: "type_integer",
  bigint: "type_integer",
  array: "type_array",
  object: "type_object",
  boolean: "type_boolean",
};

type Issue = FastifySchemaValidationError & { params: Record<string, unknown> };

/** The field an issue is about: `images.1`, or the part of the request when the whole part is wrong. */
function fieldName(issue: Issue, context: string | undefined): string {
  const path = issue.instancePath.replace(/^\//, "").split("/").filter(Boolean);
  const keys = Array.isArray(issue.params.keys) ? (issue.params.keys as string[]) : [];
  if (issue.keyword === "unrecognized_keys" && keys.length) path.push(keys.join(", "));
  if (path.length) return path.join(".");
  return context === "querystring" ? "query" : (context ?? "body");
}

/** The value the client sent at the issue's path; `undefined` when it sent none. */
function sentValue(source: unknown, instancePath: string): unknown {
  let value = source;
  for (const key of instancePath.split("/").filter(Boolean)) {
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * One sentence in the user's language that names the field and what is wrong with it. `source` is the body or
 * query the client sent, to tell a missing field from a wrong one.
 */
export function describeValidationIssue(
  locale: Locale,
  issue: Issue,
  context: string | undefined,
  source: unknown,
): string {
  const field = fieldName(issue, context);
  const p = issue.params;
  const t = (key: MessageKey, params: MessageParams = {}) => translate(locale, key, { field, ...params });

  if (issue.message && CUSTOM_KEYS.has(issue.message)) return t(issue.message as MessageKey);
  if (issue.instancePath !== "/" && sentValue(source, issue.instancePath) === undefined) return t("field_required");
  switch (issue.keyword) {
    case "invalid_type": {
      const expected = TYPE_KEYS[String(p.expected)];
      return expected ? t("field_type", { expected: translate(locale, expected) }) : t("field_invalid");
    }
    case "too_small": {
      const min = String(p.minimum);
      if (p.origin === "string") return t("field_too_short_string", { min, count: Number(min) });
      if (p.origin === "array") return t("field_too_few_items", { min, count: Number(min) });
      return t("field_too_small_number", { min });
    }
    case "too_big": {
      const max = String(p.maximum);
      if (p.origin === "string") return t("field_too_long_string", { max, count: Number(max) });
      if (p.origin === "array") return t("field_too_many_items", { max, count: Number(max) });
      return t("field_too_big_number", { max });
    }
    case "invalid_value":
      return Array.isArray(p.values)
        ? t("field_one_of", { options: p.values.map(String).join(", ") })
        : t("field_invalid");
    case "unrecognized_keys":
      return t("field_unknown");
    default:
      return t("field_invalid");
  }
}

/**
 * The field of the first string (or object key) holding U+0000, which PostgreSQL text and jsonb cannot store;
 * `""` when the whole value is such a string, `undefined` when there is none. Iterative: a client may nest
 * thousands of arrays deep.
 */
export function nulCharacterField(value: unknown): string | undefined {
  interface Node {
    value: unknown;
    key?: string;
    parent?: Node;
  }
  const pathOf = (node: Node | undefined, last?: string) => {
    const path = last === undefined ? [] : [last];
    for (let n = node; n?.key !== undefined; n = n.parent) path.unshift(n.key);
    return path.join(".");
  };
  const stack: Node[] = [{ value }];
  while (stack.length) {
    const node = stack.pop()!;
    const item = node.value;
    if (typeof item === "string") {
      if (item.includes("\u0000")) return pathOf(node);
      continue;
    }
    if (item === null || typeof item !== "object") continue;
    const entries = Object.entries(item);
    for (const [key] of entries) if (key.includes("\u0000")) return pathOf(node, key.replaceAll("\u0000", ""));
    for (let i = entries.length - 1; i >= 0; i--)
      stack.push({ value: entries[i]![1], key: entries[i]![0], parent: node });
  }
  return undefined;
}
