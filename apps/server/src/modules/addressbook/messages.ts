import { defineMessages } from "../../i18n/define";

export const addressBookMessages = defineMessages({
  en: {
    address_book_duplicate: "This address is already saved for this currency and network",
    address_book_full: "You can save at most {max} addresses; delete one first",
    address_book_not_found: "This saved address does not exist or is not yours",
    address_book_on_hold:
      "This address was saved less than {hours} hours ago and can be used from {from}. Turn on two-step verification to use new addresses at once",
    address_book_required:
      "This address is not in your address book. Without two-step verification, you can withdraw only to saved addresses: save it in the address book, and it can be used {hours} hours after you add it",
  },
  "zh-Hans": {
    address_book_duplicate: "该地址已保存在此币种和网络下",
    address_book_full: "最多可保存 {max} 个地址，请先删除一个",
    address_book_not_found: "该地址不存在或不属于您",
    address_book_on_hold: "该地址保存不足 {hours} 小时，自 {from} 起可用。开启两步验证后，新地址可立即使用",
    address_book_required:
      "该地址不在您的地址簿中。未开启两步验证时，只能提现到已保存的地址：请先将其保存到地址簿，添加 {hours} 小时后即可使用",
  },
  "zh-Hant": {
    address_book_duplicate: "該地址已儲存在此幣種和網路下",
    address_book_full: "最多可儲存 {max} 個地址，請先刪除一個",
    address_book_not_found: "該地址不存在或不屬於您",
    address_book_on_hold: "該地址儲存不足 {hours} 小時，自 {from} 起可用。開啟兩步驟驗證後，新地址可立即使用",
    address_book_required:
      "該地址不在您的地址簿中。未開啟兩步驟驗證時，只能提現到已儲存的地址：請先將其儲存到地址簿，新增 {hours} 小時後即可使用",
  },
  ja: {
    address_book_duplicate: "このアドレスはこの通貨とネットワークですでに保存されています",
    address_book_full: "保存できるアドレスは最大 {max} 件です。先に1件削除してください",
    address_book_not_found: "この保存済みアドレスは存在しないか、あなたのものではありません",
    address_book_on_hold:
      "このアドレスは保存から {hours} 時間経っていないため、{from} から使用できます。2段階認証をオンにすると新しいアドレスをすぐに使えます",
    address_book_required:
      "このアドレスはアドレス帳にありません。2段階認証がオフの場合、出金できるのは保存済みのアドレスだけです。アドレス帳に保存すると、追加から {hours} 時間後に使用できます",
  },
  ko: {
    address_book_duplicate: "이 주소는 이 통화와 네트워크에 이미 저장되어 있습니다",
    address_book_full: "주소는 최대 {max}개까지 저장할 수 있습니다. 먼저 하나를 삭제하세요",
    address_book_not_found: "저장된 주소가 없거나 회원님의 주소가 아닙니다",
    address_book_on_hold:
      "이 주소는 저장한 지 {hours}시간이 지나지 않아 {from}부터 사용할 수 있습니다. 2단계 인증을 켜면 새 주소를 바로 사용할 수 있습니다",
    address_book_required:
      "이 주소는 주소록에 없습니다. 2단계 인증이 꺼져 있으면 저장된 주소로만 출금할 수 있습니다. 주소록에 저장하면 추가한 지 {hours}시간 후에 사용할 수 있습니다",
  },
  th: {
    address_book_duplicate: "ที่อยู่นี้บันทึกไว้แล้วสำหรับสกุลเงินและเครือข่ายนี้",
    address_book_full: "บันทึกที่อยู่ได้สูงสุด {max} รายการ โปรดลบออกก่อนหนึ่งรายการ",
    address_book_not_found: "ไม่พบที่อยู่ที่บันทึกไว้นี้หรือไม่ใช่ของคุณ",
    address_book_on_hold: "ที่อยู่นี้บันทึกไว้ไม่ถึง {hours} ชั่วโมง จะใช้ได้ตั้งแต่ {from} เปิดการยืนยันสองขั้นตอนเพื่อใช้ที่อยู่ใหม่ได้ทันที",
    address_book_required:
      "ที่อยู่นี้ไม่อยู่ในสมุดที่อยู่ของคุณ หากไม่ได้เปิดการยืนยันสองขั้นตอน จะถอนได้เฉพาะไปยังที่อยู่ที่บันทึกไว้ โปรดบันทึกที่อยู่นี้ในสมุดที่อยู่ แล้วจะใช้ได้ {hours} ชั่วโมงหลังจากเพิ่ม",
  },
  vi: {
    address_book_duplicate: "Địa chỉ này đã được lưu cho loại tiền và mạng này",
    address_book_full: "Bạn chỉ có thể lưu tối đa {max} địa chỉ; hãy xóa bớt một địa chỉ trước",
    address_book_not_found: "Địa chỉ đã lưu này không tồn tại hoặc không phải của bạn",
    address_book_on_hold:
      "Địa chỉ này được lưu chưa đầy {hours} giờ và có thể dùng từ {from}. Bật xác minh hai bước để dùng địa chỉ mới ngay",
    address_book_required:
      "Địa chỉ này không có trong sổ địa chỉ của bạn. Khi chưa bật xác minh hai bước, bạn chỉ có thể rút về địa chỉ đã lưu: hãy lưu địa chỉ này vào sổ địa chỉ, sau {hours} giờ kể từ khi thêm là có thể dùng",
  },
  fr: {
    address_book_duplicate: "Cette adresse est déjà enregistrée pour cette devise et ce réseau",
    address_book_full: "Vous pouvez enregistrer au plus {max} adresses ; supprimez-en une d'abord",
    address_book_not_found: "Cette adresse enregistrée n'existe pas ou ne vous appartient pas",
    address_book_on_hold:
      "Cette adresse a été enregistrée il y a moins de {hours} heures et sera utilisable à partir du {from}. Activez la validation en deux étapes pour utiliser aussitôt les nouvelles adresses",
    address_book_required:
      "Cette adresse n'est pas dans votre carnet d'adresses. Sans validation en deux étapes, vous ne pouvez retirer que vers des adresses enregistrées : enregistrez-la dans le carnet d'adresses, elle sera utilisable {hours} heures après son ajout",
  },
  es: {
    address_book_duplicate: "Esta dirección ya está guardada para esta moneda y red",
    address_book_full: "Puede guardar como máximo {max} direcciones; elimine una primero",
    address_book_not_found: "Esta dirección guardada no existe o no es suya",
    address_book_on_hold:
      "Esta dirección se guardó hace menos de {hours} horas y podrá usarse desde {from}. Active la verificación en dos pasos para usar las direcciones nuevas al instante",
    address_book_required:
      "Esta dirección no está en su libreta de direcciones. Sin la verificación en dos pasos, solo puede retirar a direcciones guardadas: guárdela en la libreta de direcciones y podrá usarla {hours} horas después de añadirla",
  },
  it: {
    address_book_duplicate: "Questo indirizzo è già salvato per questa valuta e rete",
    address_book_full: "Puoi salvare al massimo {max} indirizzi; eliminane prima uno",
    address_book_not_found: "Questo indirizzo salvato non esiste o non è tuo",
    address_book_on_hold:
      "Questo indirizzo è stato salvato meno di {hours} ore fa e sarà utilizzabile dal {from}. Attiva la verifica in due passaggi per usare subito i nuovi indirizzi",
    address_book_required:
      "Questo indirizzo non è nella tua rubrica indirizzi. Senza la verifica in due passaggi puoi prelevare solo verso indirizzi salvati: salvalo nella rubrica e potrai usarlo {hours} ore dopo averlo aggiunto",
  },
  de: {
    address_book_duplicate: "Diese Adresse ist für diese Währung und dieses Netzwerk bereits gespeichert",
    address_book_full: "Sie können höchstens {max} Adressen speichern; löschen Sie zuerst eine",
    address_book_not_found: "Diese gespeicherte Adresse existiert nicht oder gehört nicht Ihnen",
    address_book_on_hold:
      "Diese Adresse wurde vor weniger als {hours} Stunden gespeichert und ist ab {from} nutzbar. Mit der Zwei-Schritt-Verifizierung sind neue Adressen sofort nutzbar",
    address_book_required:
      "Diese Adresse ist nicht in Ihrem Adressbuch. Ohne Zwei-Schritt-Verifizierung können Sie nur an gespeicherte Adressen auszahlen: Speichern Sie sie im Adressbuch; sie ist {hours} Stunden nach dem Hinzufügen nutzbar",
  },
  pt: {
    address_book_duplicate: "Este endereço já está salvo para esta moeda e rede",
    address_book_full: "Você pode salvar no máximo {max} endereços; exclua um primeiro",
    address_book_not_found: "Este endereço salvo não existe ou não é seu",
    address_book_on_hold:
      "Este endereço foi salvo há menos de {hours} horas e poderá ser usado a partir de {from}. Ative a verificação em duas etapas para usar endereços novos imediatamente",
    address_book_required:
      "Este endereço não está no seu catálogo de endereços. Sem a verificação em duas etapas, você só pode sacar para endereços salvos: salve-o no catálogo de endereços, e ele poderá ser usado {hours} horas depois de adicionado",
  },
  fi: {
    address_book_duplicate: "Tämä osoite on jo tallennettu tälle valuutalle ja verkolle",
    address_book_full: "Voit tallentaa enintään {max} osoitetta; poista ensin yksi",
    address_book_not_found: "Tätä tallennettua osoitetta ei ole tai se ei ole sinun",
    address_book_on_hold:
      "Tämä osoite tallennettiin alle {hours} tuntia sitten, ja sitä voi käyttää {from} alkaen. Ota kaksivaiheinen vahvistus käyttöön, niin uudet osoitteet ovat heti käytettävissä",
    address_book_required:
      "Tämä osoite ei ole osoitekirjassasi. Ilman kaksivaiheista vahvistusta voit nostaa vain tallennettuihin osoitteisiin: tallenna se osoitekirjaan, niin voit käyttää sitä {hours} tuntia lisäämisen jälkeen",
  },
  ru: {
    address_book_duplicate: "Этот адрес уже сохранён для этой валюты и сети",
    address_book_full: "Можно сохранить не более {max} адресов; сначала удалите один",
    address_book_not_found: "Этот сохранённый адрес не существует или принадлежит не вам",
    address_book_on_hold:
      "Этот адрес сохранён менее {hours} часов назад и будет доступен с {from}. Включите двухэтапную проверку, чтобы пользоваться новыми адресами сразу",
    address_book_required:
      "Этого адреса нет в вашей адресной книге. Без двухэтапной проверки выводить средства можно только на сохранённые адреса: сохраните его в адресной книге, и им можно будет воспользоваться через {hours} часов после добавления",
  },
});
