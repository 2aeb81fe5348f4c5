import { type DocType, isIdCard } from "@cryptos/contract";

/** The server's rules for a document number, checked before sending so the form can say what is wrong. */
const PATTERNS: Record<DocType, RegExp> = {
  id_card: /^[A-Z0-9]{5,20}$/,
  passport: /^[A-Z0-9]{6,9}$/,
  driver_license: /^[A-Z0-9]{5,20}$/,
};

export function normalizeDocNumber(raw: string): string {
  return raw.toUpperCase().replace(/[\s-]+/g, "");
}

export function isValidDocNumber(type: DocType, raw: string): boolean {
  const number = normalizeDocNumber(raw);
  if (!PATTERNS[type].test(number) || !/\d/.test(number)) return false;
  // An 18-character mainland ID card carries a check character.
  if (type === "id_card" && /^\d{17}[\dX]$/.test(number)) return isIdCard(number);
  return true;
}

const NAME_PATTERN = /^\p{L}[\p{L}\p{M} '’.\-·・]*$/u;

export function normalizeName(raw: string): string {
  return raw.normalize("NFC").trim().replace(/\s+/g, " ");
}

export function isValidName(raw: string): boolean {
  const name = normalizeName(raw);
  const length = [...name].length;
  return length >= 2 && length <= 60 && NAME_PATTERN.test(name);
}
