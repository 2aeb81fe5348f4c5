import type { SeedTexts } from "./types";

export const fi: SeedTexts = {
  homeMenus: {
    recharge: "Talleta",
    withdraw: "Nosta",
    exchange: "Vaihda",
    arbitrage: "Staking",
    trade: "Nousu/Lasku",
    bills: "Tapahtumat",
    realname: "Vahvista henkilöllisyys",
    help: "Ohje",
  },
  softMenus: {
    messages: "Viestit",
    announcements: "Tiedotteet",
    help: "Ohjekeskus",
    ammhelp: "Näin staking toimii",
    language: "Kieli",
  },
  help: {
    title: "Ohjekeskus",
    body: [
      "<h3>Mikä Cryptos on</h3>",
      "<p>Cryptos näyttää markkinahinnat ja antaa sinun tehdä lyhyitä nousu/lasku-toimeksiantoja, merkitä staking-tuotteita sekä tallettaa, nostaa ja vaihtaa varoja. Kun palvelin käyttää simuloitua markkinaansa, jokainen kaupankäyntinäkymä kertoo sen: hinnat on tuotettu, eivätkä ne ole peräisin pörssistä.</p>",
      "<h3>Nousu/lasku-toimeksiannot</h3>",
      "<p>Valitset kaupankäyntiparin, summan, suunnan ja selvitysajan. Summa veloitetaan käytettävissä olevasta saldostasi, kun toimeksianto hyväksytään. Aloitushinta on ensimmäinen hyväksymisen jälkeen kirjattu hinta; lopetushinta on viimeinen selvitysaikana tai sitä ennen kirjattu hinta.</p>",
      "<ul><li>Nousu voittaa, kun lopetushinta on aloitushintaa korkeampi; lasku voittaa, kun se on matalampi.</li><li>Voitosta maksetaan summa kerrottuna (1 + ennen vahvistusta näytetty tuottoaste).</li><li>Tasatilanteessa summa palautetaan sinulle. Tappion sattuessa sitä ei palauteta.</li></ul>",
      "<p>Toimeksiannon tiedoissa näkyvät molemmat kirjatut hinnat, joten voit tarkistaa jokaisen tuloksen.</p>",
      "<h3>Talletukset ja nostot</h3>",
      "<p>Talletukset hyvitetään, kun ylläpitäjä on tarkistanut siirron. Nostoihin tarvitaan koodi, jonka lähetämme sinulle sähköpostitse; maksu näytetään ennen vahvistusta, ja summa pysyy jäädytettynä, kunnes nosto on suoritettu tai hylätty.</p>",
      "<p>Nostoosoitteet: ilman kaksivaiheista vahvistusta voit nostaa vain osoitekirjaasi tallennettuun osoitteeseen ja vasta 24 tuntia tallentamisen jälkeen. Odotusaika antaa sinulle aikaa huomata, jos joku muu on lisännyt tilillesi osoitteen. Kun kaksivaiheinen vahvistus on käytössä, voit nostaa mihin tahansa osoitteeseen heti ja vahvistaa todennussovelluksesi koodilla.</p>",
      "<h3>Tapahtumat</h3>",
      "<p>Jokainen saldosi muutos on oma rivinsä tapahtumissasi, ja rivillä näkyy saldo muutoksen jälkeen.</p>",
    ],
  },
  ammhelp: {
    title: "Näin staking toimii",
    body: [
      "<h3>Staking-tuotteet</h3>",
      "<p>Jokaisesta tuotteesta ilmoitetaan valuutta, päivittäinen tuottoaste, päivien määrä, toimeksiannon vähimmäis- ja enimmäismäärä sekä jäljellä oleva kiintiö. Nämä ehdot lukitaan toimeksiannollesi, kun teet merkinnän.</p>",
      "<h3>Säilytyksen aikana</h3>",
      "<p>Pääomasi siirtyy käytettävissä olevasta saldosta säilytykseen. Kun merkinnästäsi on kulunut täysi vuorokausi, korko (pääoma × päivätuotto) hyvitetään käytettävissä olevaan saldoosi kerran päivässä.</p>",
      "<h3>Erääntyessä</h3>",
      "<p>Viimeisen päivän koron jälkeen pääoma palaa käytettävissä olevaan saldoosi ja toimeksianto näkyy selvitettynä. Jos palvelu on ollut poissa käytöstä, jokainen väliin jäänyt päivä hyvitetään täsmälleen kerran, kun palvelu palaa.</p>",
    ],
  },
  welcome: {
    title: "Tervetuloa Cryptosiin",
    body: "<p>Tämä palvelin käyttää simuloitua markkinaa ja demovaroja: hinnat on tuotettu, eivätkä ne ole peräisin pörssistä. Kokeile nousu/lasku-toimeksiantoa tai staking-tuotetta; jokaisen tuloksen voi tarkistaa kirjattuja hintoja vasten.</p>",
  },
};
