import { defineMessages } from "../i18n/define";

/** Refusals of a request's body before any call sees it (json-body.ts). */
export const httpMessages = defineMessages({
  en: {
    body_not_accepted: "This call takes no request body",
    body_too_deep: "The request body is nested too deeply (at most {max} levels)",
  },
  "zh-Hans": {
    body_not_accepted: "此接口不接受请求正文",
    body_too_deep: "请求正文嵌套层级过深（最多 {max} 层）",
  },
  "zh-Hant": {
    body_not_accepted: "此介面不接受請求內文",
    body_too_deep: "請求內文巢狀層級過深（最多 {max} 層）",
  },
  ja: {
    body_not_accepted: "この呼び出しはリクエスト本文を受け付けません",
    body_too_deep: "リクエスト本文の入れ子が深すぎます（最大 {max} 階層）",
  },
  ko: {
    body_not_accepted: "이 호출은 요청 본문을 받지 않습니다",
    body_too_deep: "요청 본문의 중첩이 너무 깊습니다 (최대 {max}단계)",
  },
  th: {
    body_not_accepted: "คำขอนี้ไม่รับเนื้อหาคำขอ",
    body_too_deep: "เนื้อหาคำขอซ้อนกันลึกเกินไป (สูงสุด {max} ระดับ)",
  },
  vi: {
    body_not_accepted: "Lệnh gọi này không nhận nội dung yêu cầu",
    body_too_deep: "Nội dung yêu cầu lồng nhau quá sâu (tối đa {max} cấp)",
  },
  fr: {
    body_not_accepted: "Cet appel n'accepte pas de corps de requête",
    body_too_deep: "Le corps de la requête est trop imbriqué (au plus {max} niveaux)",
  },
  es: {
    body_not_accepted: "Esta llamada no admite cuerpo de solicitud",
    body_too_deep: "El cuerpo de la solicitud está anidado demasiado (como máximo {max} niveles)",
  },
  it: {
    body_not_accepted: "Questa chiamata non accetta un corpo della richiesta",
    body_too_deep: "Il corpo della richiesta è annidato troppo in profondità (al massimo {max} livelli)",
  },
  de: {
    body_not_accepted: "Dieser Aufruf nimmt keinen Anfragetext an",
    body_too_deep: "Der Anfragetext ist zu tief verschachtelt (höchstens {max} Ebenen)",
  },
  pt: {
    body_not_accepted: "Esta chamada não aceita corpo de solicitação",
    body_too_deep: "O corpo da solicitação está aninhado demais (no máximo {max} níveis)",
  },
  fi: {
    body_not_accepted: "Tämä kutsu ei ota vastaan pyynnön runkoa",
    body_too_deep: "Pyynnön runko on sisäkkäinen liian syvälle (enintään {max} tasoa)",
  },
  ru: {
    body_not_accepted: "Этот вызов не принимает тело запроса",
    body_too_deep: "Тело запроса вложено слишком глубоко (не более {max} уровней)",
  },
});
