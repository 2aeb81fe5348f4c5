import { defineMessages } from "../../i18n/define";

export const ledgerMessages = defineMessages({
  en: {
    insufficient_balance: "Insufficient {currency} balance",
    unknown_currency: "{currency} is not a supported currency",
  },
  "zh-Hans": { insufficient_balance: "{currency} 余额不足", unknown_currency: "不支持 {currency} 币种" },
  "zh-Hant": { insufficient_balance: "{currency} 餘額不足", unknown_currency: "不支援 {currency} 幣種" },
  ja: {
    insufficient_balance: "{currency} の残高が不足しています",
    unknown_currency: "{currency} は対応していない通貨です",
  },
  ko: {
    insufficient_balance: "{currency} 잔액이 부족합니다",
    unknown_currency: "{currency}은(는) 지원하지 않는 통화입니다",
  },
  th: { insufficient_balance: "ยอดคงเหลือ {currency} ไม่เพียงพอ", unknown_currency: "ไม่รองรับสกุลเงิน {currency}" },
  vi: { insufficient_balance: "Số dư {currency} không đủ", unknown_currency: "Không hỗ trợ đồng {currency}" },
  fr: {
    insufficient_balance: "Solde {currency} insuffisant",
    unknown_currency: "{currency} n'est pas une devise prise en charge",
  },
  es: {
    insufficient_balance: "Saldo de {currency} insuficiente",
    unknown_currency: "{currency} no es una moneda admitida",
  },
  it: {
    insufficient_balance: "Saldo {currency} insufficiente",
    unknown_currency: "{currency} non è una valuta supportata",
  },
  de: {
    insufficient_balance: "Unzureichendes {currency}-Guthaben",
    unknown_currency: "{currency} ist keine unterstützte Währung",
  },
  pt: {
    insufficient_balance: "Saldo de {currency} insuficiente",
    unknown_currency: "{currency} não é uma moeda suportada",
  },
  fi: { insufficient_balance: "{currency}-saldo ei riitä", unknown_currency: "{currency} ei ole tuettu valuutta" },
  ru: {
    insufficient_balance: "Недостаточно средств в {currency}",
    unknown_currency: "Валюта {currency} не поддерживается",
  },
});
