import { isCode, isEmail } from "@cryptos/contract";
import type { TFunction } from "@/lib/i18n";
import { isStrongPassword } from "../components/PasswordRules";

type Rule = { validator: (rule: unknown, value: unknown) => Promise<void> };

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** Inline validation with the contract's own validators, so what the form accepts the server accepts. */
export const emailRules = (t: TFunction): Rule[] => [
  {
    validator: async (_, value) => {
      if (!text(value)) throw new Error(t("errors.emailRequired"));
      if (!isEmail(text(value))) throw new Error(t("errors.emailInvalid"));
    },
  },
];

export const codeRules = (t: TFunction): Rule[] => [
  {
    validator: async (_, value) => {
      if (!text(value)) throw new Error(t("errors.codeRequired"));
      if (!isCode(text(value))) throw new Error(t("errors.codeInvalid"));
    },
  },
];

export const passwordRequiredRules = (t: TFunction): Rule[] => [
  {
    validator: async (_, value) => {
      if (typeof value !== "string" || value.length === 0) throw new Error(t("errors.passwordRequired"));
    },
  },
];

export const newPasswordRules = (t: TFunction): Rule[] => [
  {
    validator: async (_, value) => {
      if (typeof value !== "string" || value.length === 0) throw new Error(t("errors.passwordRequired"));
      if (!isStrongPassword(value)) throw new Error(t("errors.passwordWeak"));
    },
  },
];

/** The longest second-factor answer: a recovery code, `xxxxx-xxxxx`. */
export const SECOND_FACTOR_MAX = 11;

/** An authenticator code (6 digits) or a recovery code; the server tells which it is and whether it is right. */
export const secondFactorRules = (t: TFunction): Rule[] => [
  {
    validator: async (_, value) => {
      if (!text(value)) throw new Error(t("security:totp.codeRequired"));
      if (text(value).length < 6) throw new Error(t("security:totp.codeShort"));
    },
  },
];

type FieldsForm = { setFields(fields: { name: string; errors: string[] }[]): void };

/**
 * Fields validate on blur; editing a field clears its error at once. Otherwise the error line would vanish on the
 * blur caused by tapping a button below it, and the layout shift would make that tap miss the button.
 */
export function clearErrorsOnEdit(form: FieldsForm, changed: object): void {
  form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })));
}
