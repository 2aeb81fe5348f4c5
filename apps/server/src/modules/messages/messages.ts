import { defineMessages } from "../../i18n/define";

export const messagesMessages = defineMessages({
  en: {
    message_not_found: "This message does not exist or is not yours",
    help_not_found: "This help page has no content yet",
  },
  "zh-Hans": { message_not_found: "该消息不存在或不属于您", help_not_found: "该帮助页面暂无内容" },
  "zh-Hant": { message_not_found: "該訊息不存在或不屬於您", help_not_found: "該說明頁面暫無內容" },
  ja: {
    message_not_found: "このメッセージは存在しないか、あなたのものではありません",
    help_not_found: "このヘルプページにはまだ内容がありません",
  },
  ko: {
    message_not_found: "이 메시지가 없거나 회원님의 메시지가 아닙니다",
    help_not_found: "이 도움말 페이지에는 아직 내용이 없습니다",
  },
  th: { message_not_found: "ไม่พบข้อความนี้หรือไม่ใช่ของคุณ", help_not_found: "หน้าช่วยเหลือนี้ยังไม่มีเนื้อหา" },
  vi: {
    message_not_found: "Tin nhắn này không tồn tại hoặc không phải của bạn",
    help_not_found: "Trang trợ giúp này chưa có nội dung",
  },
  fr: {
    message_not_found: "Ce message n'existe pas ou ne vous est pas destiné",
    help_not_found: "Cette page d'aide n'a pas encore de contenu",
  },
  es: {
    message_not_found: "Este mensaje no existe o no es suyo",
    help_not_found: "Esta página de ayuda aún no tiene contenido",
  },
  it: {
    message_not_found: "Questo messaggio non esiste o non è tuo",
    help_not_found: "Questa pagina di aiuto non ha ancora contenuti",
  },
  de: {
    message_not_found: "Diese Nachricht existiert nicht oder gehört nicht Ihnen",
    help_not_found: "Diese Hilfeseite hat noch keinen Inhalt",
  },
  pt: {
    message_not_found: "Esta mensagem não existe ou não é sua",
    help_not_found: "Esta página de ajuda ainda não tem conteúdo",
  },
  fi: {
    message_not_found: "Viestiä ei ole tai se ei ole sinun",
    help_not_found: "Tällä ohjesivulla ei ole vielä sisältöä",
  },
  ru: {
    message_not_found: "Это сообщение не существует или не принадлежит вам",
    help_not_found: "На этой странице справки пока нет содержимого",
  },
});
