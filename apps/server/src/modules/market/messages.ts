import { defineMessages } from "../../i18n/define";

export const marketMessages = defineMessages({
  en: {
    market_pair_not_found: "This trading pair does not exist or is not available",
    market_ws_bad_message: "Unrecognised message: send subscribe, unsubscribe, auth or ping",
    market_ws_too_many_pairs: "You can follow at most {max} pairs on one connection",
  },
  "zh-Hans": {
    market_pair_not_found: "该交易对不存在或暂不可用",
    market_ws_bad_message: "无法识别的消息：请发送 subscribe、unsubscribe、auth 或 ping",
    market_ws_too_many_pairs: "每个连接最多可订阅 {max} 个交易对",
  },
  "zh-Hant": {
    market_pair_not_found: "該交易對不存在或暫不可用",
    market_ws_bad_message: "無法識別的訊息：請傳送 subscribe、unsubscribe、auth 或 ping",
    market_ws_too_many_pairs: "每個連線最多可訂閱 {max} 個交易對",
  },
  ja: {
    market_pair_not_found: "この取引ペアは存在しないか、現在ご利用いただけません",
    market_ws_bad_message: "認識できないメッセージです。subscribe、unsubscribe、auth または ping を送信してください",
    market_ws_too_many_pairs: "1 つの接続で購読できる取引ペアは最大 {max} 件です",
  },
  ko: {
    market_pair_not_found: "이 거래쌍은 존재하지 않거나 현재 이용할 수 없습니다",
    market_ws_bad_message: "인식할 수 없는 메시지입니다. subscribe, unsubscribe, auth 또는 ping을 보내 주세요",
    market_ws_too_many_pairs: "한 연결에서 최대 {max}개의 거래쌍을 구독할 수 있습니다",
  },
  th: {
    market_pair_not_found: "คู่เทรดนี้ไม่มีอยู่หรือไม่พร้อมใช้งาน",
    market_ws_bad_message: "ไม่รู้จักข้อความนี้ โปรดส่ง subscribe, unsubscribe, auth หรือ ping",
    market_ws_too_many_pairs: "ติดตามได้สูงสุด {max} คู่เทรดต่อหนึ่งการเชื่อมต่อ",
  },
  vi: {
    market_pair_not_found: "Cặp giao dịch này không tồn tại hoặc hiện không khả dụng",
    market_ws_bad_message: "Tin nhắn không hợp lệ: hãy gửi subscribe, unsubscribe, auth hoặc ping",
    market_ws_too_many_pairs: "Mỗi kết nối chỉ theo dõi được tối đa {max} cặp giao dịch",
  },
  fr: {
    market_pair_not_found: "Cette paire n'existe pas ou n'est pas disponible",
    market_ws_bad_message: "Message non reconnu : envoyez subscribe, unsubscribe, auth ou ping",
    market_ws_too_many_pairs: "Vous pouvez suivre au plus {max} paires par connexion",
  },
  es: {
    market_pair_not_found: "Este par no existe o no está disponible",
    market_ws_bad_message: "Mensaje no reconocido: envíe subscribe, unsubscribe, auth o ping",
    market_ws_too_many_pairs: "Puede seguir como máximo {max} pares por conexión",
  },
  it: {
    market_pair_not_found: "Questa coppia non esiste o non è disponibile",
    market_ws_bad_message: "Messaggio non riconosciuto: invia subscribe, unsubscribe, auth o ping",
    market_ws_too_many_pairs: "Puoi seguire al massimo {max} coppie per connessione",
  },
  de: {
    market_pair_not_found: "Dieses Handelspaar gibt es nicht oder es ist nicht verfügbar",
    market_ws_bad_message: "Unbekannte Nachricht: senden Sie subscribe, unsubscribe, auth oder ping",
    market_ws_too_many_pairs: "Pro Verbindung können Sie höchstens {max} Paare verfolgen",
  },
  pt: {
    market_pair_not_found: "Este par não existe ou não está disponível",
    market_ws_bad_message: "Mensagem não reconhecida: envie subscribe, unsubscribe, auth ou ping",
    market_ws_too_many_pairs: "Pode acompanhar no máximo {max} pares por ligação",
  },
  fi: {
    market_pair_not_found: "Tätä kaupankäyntiparia ei ole tai se ei ole saatavilla",
    market_ws_bad_message: "Tuntematon viesti: lähetä subscribe, unsubscribe, auth tai ping",
    market_ws_too_many_pairs: "Yhdellä yhteydellä voit seurata enintään {max} paria",
  },
  ru: {
    market_pair_not_found: "Такой торговой пары нет или она недоступна",
    market_ws_bad_message: "Неизвестное сообщение: отправьте subscribe, unsubscribe, auth или ping",
    market_ws_too_many_pairs: "На одном соединении можно отслеживать не более {max} пар",
  },
});
