import type { Locale } from "@cryptos/contract";
import { de } from "./de";
import { en, type Messages } from "./en";
import { es } from "./es";
import { fi } from "./fi";
import { fr } from "./fr";
import { it } from "./it";
import { ja } from "./ja";
import { ko } from "./ko";
import { pt } from "./pt";
import { ru } from "./ru";
import { th } from "./th";
import { vi } from "./vi";
import { zhHans } from "./zh-Hans";
import { zhHant } from "./zh-Hant";

export const catalogs: Record<Locale, Messages> = {
  en,
  "zh-Hans": zhHans,
  "zh-Hant": zhHant,
  ja,
  ko,
  th,
  vi,
  fr,
  es,
  it,
  de,
  pt,
  fi,
  ru,
};
