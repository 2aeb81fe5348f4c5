import { defineMessages } from "../../i18n/define";

export const ledgerMessages = defineMessages({
  en: {
    insufficient_balance: "Insufficient {currency} balance",
    unknown_currency: "{currency} is not a supported currency",
    balance_limit: "This would take the {currency} balance past the largest amount an account can hold",
  },
  "zh-Hans": {
    insufficient_balance: "{currency} 余额不足",
    unknown_currency: "不支持 {currency} 币种",
    balance_limit: "此操作将使 {currency} 余额超出账户可容纳的最大金额",
  },
  "zh-Hant": {
    insufficient_balance: "{currency} 餘額不足",
    unknown_currency: "不支援 {currency} 幣種",
    balance_limit: "此操作將使 {currency} 餘額超出帳戶可容納的最大金額",
  },
  ja: {
    insufficient_balance: "{currency} の残高が不足しています",
    unknown_currency: "{currency} は対応していない通貨です",
    balance_limit: "この操作を行うと {currency} の残高が口座で保持できる上限を超えます",
  },
  ko: {
    insufficient_balance: "{currency} 잔액이 부족합니다",
    unknown_currency: "{currency}은(는) 지원하지 않는 통화입니다",
    balance_limit: "이 작업을 하면 {currency} 잔액이 계정이 보유할 수 있는 최대 금액을 넘습니다",
  },
  th: {
    insufficient_balance: "ยอดคงเหลือ {currency} ไม่เพียงพอ",
    unknown_currency: "ไม่รองรับสกุลเงิน {currency}",
    balance_limit: "การทำรายการนี้จะทำให้ยอดคงเหลือ {currency} เกินจำนวนสูงสุดที่บัญชีเก็บได้",
  },
  vi: {
    insufficient_balance: "Số dư {currency} không đủ",
    unknown_currency: "Không hỗ trợ đồng {currency}",
    balance_limit: "Thao tác này sẽ khiến số dư {currency} vượt quá mức tối đa một tài khoản có thể giữ",
  },
  fr: {
    insufficient_balance: "Solde {currency} insuffisant",
    unknown_currency: "{currency} n'est pas une devise prise en charge",
    balance_limit: "Le solde {currency} dépasserait le montant maximal qu'un compte peut contenir",
  },
  es: {
    insufficient_balance: "Saldo de {currency} insuficiente",
    unknown_currency: "{currency} no es una moneda admitida",
    balance_limit: "El saldo de {currency} superaría el importe máximo que puede tener una cuenta",
  },
  it: {
    insufficient_balance: "Saldo {currency} insufficiente",
    unknown_currency: "{currency} non è una valuta supportata",
    balance_limit: "Il saldo {currency} supererebbe l'importo massimo che un conto può contenere",
  },
  de: {
    insufficient_balance: "Unzureichendes {currency}-Guthaben",
    unknown_currency: "{currency} ist keine unterstützte Währung",
    balance_limit: "Das {currency}-Guthaben würde den größten Betrag übersteigen, den ein Konto halten kann",
  },
  pt: {
    insufficient_balance: "Saldo de {currency} insuficiente",
    unknown_currency: "{currency} não é uma moeda suportada",
    balance_limit: "O saldo de {currency} passaria do valor máximo que uma conta pode ter",
  },
  fi: {
    insufficient_balance: "{currency}-saldo ei riitä",
    unknown_currency: "{currency} ei ole tuettu valuutta",
    balance_limit: "{currency}-saldo ylittäisi suurimman summan, jonka tili voi sisältää",
  },
  ru: {
    insufficient_balance: "Недостаточно средств в {currency}",
    unknown_currency: "Валюта {currency} не поддерживается",
    balance_limit: "Баланс {currency} превысил бы максимальную сумму, которую может хранить счёт",
  },
});
