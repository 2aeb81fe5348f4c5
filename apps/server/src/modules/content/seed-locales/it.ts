import type { SeedTexts } from "./types";

export const it: SeedTexts = {
  homeMenus: {
    recharge: "Deposita",
    withdraw: "Preleva",
    exchange: "Converti",
    arbitrage: "Staking",
    trade: "Rialzo/Ribasso",
    bills: "Movimenti",
    realname: "Verifica identità",
    help: "Aiuto",
  },
  softMenus: {
    messages: "Messaggi",
    announcements: "Annunci",
    help: "Centro assistenza",
    ammhelp: "Come funziona lo staking",
    language: "Lingua",
  },
  help: {
    title: "Centro assistenza",
    body: [
      "<h3>Che cos'è Cryptos</h3>",
      "<p>Cryptos mostra i prezzi di mercato e ti consente di piazzare ordini rialzo/ribasso a breve termine, sottoscrivere prodotti di staking, e depositare, prelevare e convertire fondi. Quando il server utilizza il suo mercato simulato, ogni schermata di trading lo segnala: i prezzi sono generati, non provengono da una piattaforma di scambio.</p>",
      "<h3>Ordini rialzo/ribasso</h3>",
      "<p>Scegli una coppia, un importo, una direzione e un orario di regolamento. L'importo viene prelevato dal tuo saldo disponibile quando l'ordine viene accettato. Il prezzo di entrata è il primo prezzo registrato dopo l'accettazione; il prezzo di uscita è l'ultimo prezzo registrato all'orario di regolamento o prima.</p>",
      "<ul><li>Il rialzo vince quando il prezzo di uscita è superiore al prezzo di entrata; il ribasso vince quando è inferiore.</li><li>Una vincita paga l'importo moltiplicato per (1 + il tasso di rendimento mostrato prima della conferma).</li><li>In caso di parità l'importo ti viene restituito. In caso di perdita non viene restituito.</li></ul>",
      "<p>Il dettaglio dell'ordine mostra entrambi i prezzi registrati, così puoi verificare ogni risultato.</p>",
      "<h3>Depositi e prelievi</h3>",
      "<p>I depositi vengono accreditati dopo che un operatore ha verificato il trasferimento. I prelievi richiedono il codice che ti inviamo via e-mail; la commissione viene mostrata prima della conferma e l'importo resta congelato finché il prelievo non viene completato o rifiutato.</p>",
      "<p>Indirizzi di prelievo: senza la verifica in due passaggi puoi prelevare solo verso un indirizzo salvato nella tua rubrica, e solo 24 ore dopo averlo salvato. Questa attesa ti dà il tempo di accorgerti se qualcun altro ha aggiunto un indirizzo al tuo account. Con la verifica in due passaggi attiva puoi prelevare subito verso qualsiasi indirizzo, confermando con il codice della tua app di autenticazione.</p>",
      "<h3>Movimenti</h3>",
      "<p>Ogni variazione del tuo saldo è una riga nei tuoi movimenti, con il saldo risultante.</p>",
    ],
  },
  ammhelp: {
    title: "Come funziona lo staking",
    body: [
      "<h3>Prodotti di staking</h3>",
      "<p>Ogni prodotto indica la valuta, il tasso di rendimento giornaliero, il numero di giorni, il minimo e il massimo per ordine e la quota residua. Queste condizioni vengono fissate per il tuo ordine al momento della sottoscrizione.</p>",
      "<h3>Durante la custodia</h3>",
      "<p>Il tuo capitale passa dal saldo disponibile alla custodia. Trascorso un giorno intero dalla sottoscrizione, gli interessi pari a capitale × tasso giornaliero vengono accreditati sul tuo saldo disponibile, una volta al giorno.</p>",
      "<h3>Alla scadenza</h3>",
      "<p>Dopo gli interessi dell'ultimo giorno, il capitale torna al tuo saldo disponibile e l'ordine risulta regolato. Se il servizio è rimasto inattivo, ogni giorno mancato viene accreditato esattamente una volta al suo ripristino.</p>",
    ],
  },
  welcome: {
    title: "Benvenuto in Cryptos",
    body: "<p>Questo server utilizza un mercato simulato con fondi demo: i prezzi sono generati, non provengono da una piattaforma di scambio. Prova un ordine rialzo/ribasso o un prodotto di staking; ogni risultato può essere verificato con i prezzi registrati.</p>",
  },
};
