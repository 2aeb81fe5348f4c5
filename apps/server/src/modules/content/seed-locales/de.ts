import type { SeedTexts } from "./types";

export const de: SeedTexts = {
  homeMenus: {
    recharge: "Einzahlen",
    withdraw: "Auszahlen",
    exchange: "Tauschen",
    arbitrage: "Staking",
    trade: "Steigt/Fällt",
    bills: "Buchungen",
    realname: "Identität bestätigen",
    help: "Hilfe",
  },
  softMenus: {
    messages: "Nachrichten",
    announcements: "Ankündigungen",
    help: "Hilfe-Center",
    ammhelp: "So funktioniert Staking",
    language: "Sprache",
  },
  help: {
    title: "Hilfe-Center",
    body: [
      "<h3>Was ist Cryptos?</h3>",
      "<p>Cryptos zeigt Marktpreise an und ermöglicht es Ihnen, kurzfristige Steigt/Fällt-Orders aufzugeben, Staking-Produkte zu zeichnen sowie Guthaben einzuzahlen, auszuzahlen und zu tauschen. Wenn der Server seinen simulierten Markt betreibt, weist jeder Handelsbildschirm darauf hin: Die Preise sind generiert und stammen nicht von einer Börse.</p>",
      "<h3>Steigt/Fällt-Orders</h3>",
      "<p>Sie wählen ein Handelspaar, einen Betrag, eine Richtung und einen Abrechnungszeitpunkt. Der Betrag wird von Ihrem verfügbaren Guthaben abgebucht, sobald die Order angenommen ist. Der Einstiegskurs ist der erste nach der Annahme erfasste Preis; der Ausstiegskurs ist der letzte Preis, der zum Abrechnungszeitpunkt oder davor erfasst wurde.</p>",
      "<ul><li>„Steigt“ gewinnt, wenn der Ausstiegskurs höher als der Einstiegskurs ist; „Fällt“ gewinnt, wenn er niedriger ist.</li><li>Ein Gewinn zahlt den Betrag mal (1 + die vor Ihrer Bestätigung angezeigte Auszahlungsquote) aus.</li><li>Bei Gleichstand erhalten Sie Ihren Betrag zurück. Bei einem Verlust wird er einbehalten.</li></ul>",
      "<p>Die Orderdetails zeigen beide erfassten Preise, sodass Sie jedes Ergebnis überprüfen können.</p>",
      "<h3>Ein- und Auszahlungen</h3>",
      "<p>Einzahlungen werden gutgeschrieben, sobald ein Betreiber die Überweisung geprüft hat. Für Auszahlungen benötigen Sie den Code, den wir Ihnen per E-Mail senden; die Gebühr wird vor Ihrer Bestätigung angezeigt, und der Betrag bleibt eingefroren, bis die Auszahlung abgeschlossen oder abgelehnt ist.</p>",
      "<p>Auszahlungsadressen: Ohne Zwei-Schritt-Verifizierung können Sie nur an eine Adresse aus Ihrem Adressbuch auszahlen, und erst 24 Stunden nachdem Sie sie gespeichert haben. Diese Wartezeit gibt Ihnen Zeit zu bemerken, wenn jemand anderes Ihrem Konto eine Adresse hinzugefügt hat. Mit aktivierter Zwei-Schritt-Verifizierung können Sie sofort an jede Adresse auszahlen und bestätigen mit dem Code Ihrer Authenticator-App.</p>",
      "<h3>Buchungen</h3>",
      "<p>Jede Änderung Ihres Guthabens erscheint als eine Zeile in Ihren Buchungen, zusammen mit dem Guthaben danach.</p>",
    ],
  },
  ammhelp: {
    title: "So funktioniert Staking",
    body: [
      "<h3>Staking-Produkte</h3>",
      "<p>Jedes Produkt nennt seine Währung, die tägliche Rendite, die Anzahl der Tage, den Mindest- und Höchstbetrag pro Order und das verbleibende Kontingent. Diese Bedingungen werden für Ihre Order festgeschrieben, wenn Sie zeichnen.</p>",
      "<h3>Während der Verwahrung</h3>",
      "<p>Ihr Kapital wird von Ihrem verfügbaren Guthaben in die Verwahrung übertragen. Sobald seit Ihrer Zeichnung ein voller Tag vergangen ist, werden Zinsen in Höhe von Kapital × Tagesrendite Ihrem verfügbaren Guthaben gutgeschrieben, einmal pro Tag.</p>",
      "<h3>Bei Fälligkeit</h3>",
      "<p>Nach den Zinsen des letzten Tages fließt das Kapital auf Ihr verfügbares Guthaben zurück, und die Order wird als abgerechnet angezeigt. War der Dienst ausgefallen, wird jeder verpasste Tag genau einmal gutgeschrieben, sobald er wieder läuft.</p>",
    ],
  },
  welcome: {
    title: "Willkommen bei Cryptos",
    body: "<p>Dieser Server betreibt einen simulierten Markt mit Demo-Guthaben: Die Preise sind generiert und stammen nicht von einer Börse. Probieren Sie eine Steigt/Fällt-Order oder ein Staking-Produkt aus; jedes Ergebnis lässt sich anhand der erfassten Preise überprüfen.</p>",
  },
};
