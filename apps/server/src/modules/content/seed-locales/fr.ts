import type { SeedTexts } from "./types";

export const fr: SeedTexts = {
  homeMenus: {
    recharge: "Dépôt",
    withdraw: "Retrait",
    exchange: "Échange",
    arbitrage: "Staking",
    trade: "Hausse/Baisse",
    bills: "Relevés",
    realname: "Vérifier l'identité",
    help: "Aide",
  },
  softMenus: {
    messages: "Messages",
    announcements: "Annonces",
    help: "Centre d'aide",
    ammhelp: "Fonctionnement du staking",
    language: "Langue",
  },
  help: {
    title: "Centre d'aide",
    body: [
      "<h3>Qu'est-ce que Cryptos ?</h3>",
      "<p>Cryptos affiche les prix du marché et vous permet de passer des ordres hausse/baisse à court terme, de souscrire à des produits de staking, ainsi que de déposer, retirer et échanger des fonds. Lorsque le serveur fait tourner son marché simulé, chaque écran de trading l'indique : les prix sont générés et ne proviennent pas d'une plateforme d'échange.</p>",
      "<h3>Ordres hausse/baisse</h3>",
      "<p>Vous choisissez une paire, un montant, un sens et une heure de règlement. Le montant est prélevé sur votre solde disponible dès que l'ordre est accepté. Le prix d'entrée est le premier prix enregistré après l'acceptation ; le prix de sortie est le dernier prix enregistré à l'heure de règlement ou avant.</p>",
      "<ul><li>La hausse gagne lorsque le prix de sortie est supérieur au prix d'entrée ; la baisse gagne lorsqu'il est inférieur.</li><li>Un gain rapporte le montant multiplié par (1 + le taux de gain affiché avant votre confirmation).</li><li>En cas d'égalité, votre montant vous est restitué. En cas de perte, il n'est pas restitué.</li></ul>",
      "<p>Le détail de l'ordre affiche les deux prix enregistrés, ce qui vous permet de vérifier chaque résultat.</p>",
      "<h3>Dépôts et retraits</h3>",
      "<p>Les dépôts sont crédités une fois qu'un opérateur a vérifié le transfert. Les retraits nécessitent le code que nous vous envoyons par e-mail ; les frais sont affichés avant votre confirmation, et le montant reste gelé jusqu'à ce que le retrait soit effectué ou refusé.</p>",
      "<p>Adresses de retrait : sans validation en deux étapes, vous ne pouvez retirer que vers une adresse enregistrée dans votre carnet d'adresses, et seulement 24 heures après l'avoir enregistrée. Ce délai vous laisse le temps de remarquer si quelqu'un d'autre a ajouté une adresse à votre compte. Avec la validation en deux étapes activée, vous pouvez retirer vers n'importe quelle adresse immédiatement, en confirmant avec le code de votre application d'authentification.</p>",
      "<h3>Relevés</h3>",
      "<p>Chaque mouvement de votre solde figure sur une ligne de vos relevés, avec le solde qui en résulte.</p>",
    ],
  },
  ammhelp: {
    title: "Fonctionnement du staking",
    body: [
      "<h3>Produits de staking</h3>",
      "<p>Chaque produit indique sa devise, son taux de rendement journalier, sa durée en jours, le minimum et le maximum par ordre, ainsi que le quota restant. Ces conditions sont fixées pour votre ordre au moment de la souscription.</p>",
      "<h3>Pendant la conservation</h3>",
      "<p>Votre capital passe de votre solde disponible en conservation. Dès qu'une journée complète s'est écoulée depuis votre souscription, des intérêts égaux au capital × taux journalier sont crédités sur votre solde disponible, une fois par jour.</p>",
      "<h3>À l'échéance</h3>",
      "<p>Après les intérêts du dernier jour, le capital revient sur votre solde disponible et l'ordre apparaît comme réglé. Si le service a été interrompu, chaque jour manqué est crédité exactement une fois à son rétablissement.</p>",
    ],
  },
  welcome: {
    title: "Bienvenue sur Cryptos",
    body: "<p>Ce serveur fait tourner un marché simulé avec des fonds de démonstration : les prix sont générés et ne proviennent pas d'une plateforme d'échange. Essayez un ordre hausse/baisse ou un produit de staking ; chaque résultat peut être vérifié à l'aide des prix enregistrés.</p>",
  },
};
