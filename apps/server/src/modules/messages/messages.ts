import { defineMessages } from "../../i18n/define";

export const messagesMessages = defineMessages({
  en: {
    news_english_required: "Write at least the English title and text; they are shown where no translation exists",
    message_not_found: "This message does not exist or is not yours",
    help_not_found: "This help page has no content yet",
  },
  "zh-Hans": {
    news_english_required: "请至少填写英文标题和正文；没有译文时显示英文",
    message_not_found: "该消息不存在或不属于您",
    help_not_found: "该帮助页面暂无内容",
  },
  "zh-Hant": {
    news_english_required: "請至少填寫英文標題和正文；沒有譯文時顯示英文",
    message_not_found: "該訊息不存在或不屬於您",
    help_not_found: "該說明頁面暫無內容",
  },
  ja: {
    news_english_required: "少なくとも英語のタイトルと本文を入力してください（翻訳がない場合に表示されます）",
    message_not_found: "このメッセージは存在しないか、あなたのものではありません",
    help_not_found: "このヘルプページにはまだ内容がありません",
  },
  ko: {
    news_english_required: "최소한 영어 제목과 본문을 작성하세요. 번역이 없을 때 표시됩니다",
    message_not_found: "이 메시지가 없거나 회원님의 메시지가 아닙니다",
    help_not_found: "이 도움말 페이지에는 아직 내용이 없습니다",
  },
  th: {
    news_english_required: "โปรดเขียนหัวข้อและเนื้อหาภาษาอังกฤษอย่างน้อย ซึ่งจะแสดงเมื่อไม่มีคำแปล",
    message_not_found: "ไม่พบข้อความนี้หรือไม่ใช่ของคุณ",
    help_not_found: "หน้าช่วยเหลือนี้ยังไม่มีเนื้อหา",
  },
  vi: {
    news_english_required: "Hãy viết ít nhất tiêu đề và nội dung tiếng Anh; chúng hiển thị khi chưa có bản dịch",
    message_not_found: "Tin nhắn này không tồn tại hoặc không phải của bạn",
    help_not_found: "Trang trợ giúp này chưa có nội dung",
  },
  fr: {
    news_english_required: "Rédigez au moins le titre et le texte en anglais ; ils s'affichent faute de traduction",
    message_not_found: "Ce message n'existe pas ou ne vous est pas destiné",
    help_not_found: "Cette page d'aide n'a pas encore de contenu",
  },
  es: {
    news_english_required: "Escribe al menos el título y el texto en inglés; se muestran cuando no hay traducción",
    message_not_found: "Este mensaje no existe o no es suyo",
    help_not_found: "Esta página de ayuda aún no tiene contenido",
  },
  it: {
    news_english_required: "Scrivi almeno titolo e testo in inglese; vengono mostrati se manca una traduzione",
    message_not_found: "Questo messaggio non esiste o non è tuo",
    help_not_found: "Questa pagina di aiuto non ha ancora contenuti",
  },
  de: {
    news_english_required:
      "Schreiben Sie mindestens Titel und Text auf Englisch; sie erscheinen, wo keine Übersetzung existiert",
    message_not_found: "Diese Nachricht existiert nicht oder gehört nicht Ihnen",
    help_not_found: "Diese Hilfeseite hat noch keinen Inhalt",
  },
  pt: {
    news_english_required: "Escreva pelo menos o título e o texto em inglês; eles aparecem quando não há tradução",
    message_not_found: "Esta mensagem não existe ou não é sua",
    help_not_found: "Esta página de ajuda ainda não tem conteúdo",
  },
  fi: {
    news_english_required: "Kirjoita vähintään englanninkielinen otsikko ja teksti; ne näytetään, kun käännöstä ei ole",
    message_not_found: "Viestiä ei ole tai se ei ole sinun",
    help_not_found: "Tällä ohjesivulla ei ole vielä sisältöä",
  },
  ru: {
    news_english_required: "Напишите хотя бы английский заголовок и текст; они показываются, когда нет перевода",
    message_not_found: "Это сообщение не существует или не принадлежит вам",
    help_not_found: "На этой странице справки пока нет содержимого",
  },
});
