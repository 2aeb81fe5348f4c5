import type { SeedTexts } from "./types";

export const pt: SeedTexts = {
  homeMenus: {
    recharge: "Depositar",
    withdraw: "Sacar",
    exchange: "Converter",
    arbitrage: "Staking",
    trade: "Sobe/Desce",
    bills: "Extrato",
    realname: "Verificar identidade",
    help: "Ajuda",
  },
  softMenus: {
    messages: "Mensagens",
    announcements: "Anúncios",
    help: "Central de ajuda",
    ammhelp: "Como funciona o staking",
    language: "Idioma",
  },
  help: {
    title: "Central de ajuda",
    body: [
      "<h3>O que é a Cryptos</h3>",
      "<p>A Cryptos mostra preços de mercado e permite que você faça ordens de sobe/desce de curto prazo, subscreva produtos de staking e deposite, saque e converta fundos. Quando o servidor executa o seu mercado simulado, todas as telas de negociação indicam isso: os preços são gerados, não vêm de uma corretora.</p>",
      "<h3>Ordens de sobe/desce</h3>",
      "<p>Você escolhe um par, um valor, uma direção e um horário de liquidação. O valor é debitado do seu saldo disponível quando a ordem é aceita. O preço de entrada é o primeiro preço registrado após a aceitação; o preço de saída é o último preço registrado no horário de liquidação ou antes dele.</p>",
      "<ul><li>Sobe ganha quando o preço de saída é maior que o preço de entrada; desce ganha quando é menor.</li><li>Um ganho paga o valor multiplicado por (1 + a taxa de pagamento exibida antes de você confirmar).</li><li>Em caso de empate, o seu valor é devolvido. Em caso de perda, ele não é devolvido.</li></ul>",
      "<p>O detalhe da ordem mostra os dois preços registrados, para que você possa conferir cada resultado.</p>",
      "<h3>Depósitos e saques</h3>",
      "<p>Os depósitos são creditados depois que um operador verifica a transferência. Os saques exigem o código que enviamos para o seu e-mail; a taxa é exibida antes de você confirmar, e o valor fica congelado até que o saque seja concluído ou recusado.</p>",
      "<p>Endereços de saque: sem a verificação em duas etapas, você só pode sacar para um endereço salvo na sua agenda de endereços, e somente 24 horas depois de salvá-lo. Essa espera dá tempo para você perceber se outra pessoa adicionou um endereço à sua conta. Com a verificação em duas etapas ativada, você pode sacar para qualquer endereço na hora, confirmando com o código do seu app autenticador.</p>",
      "<h3>Extrato</h3>",
      "<p>Cada alteração no seu saldo é uma linha do seu extrato, com o saldo resultante.</p>",
    ],
  },
  ammhelp: {
    title: "Como funciona o staking",
    body: [
      "<h3>Produtos de staking</h3>",
      "<p>Cada produto informa a moeda, a taxa de rendimento diária, o número de dias, o mínimo e o máximo por ordem e a cota restante. Essas condições ficam fixas para a sua ordem no momento da subscrição.</p>",
      "<h3>Durante a custódia</h3>",
      "<p>O seu principal passa do saldo disponível para a custódia. Depois de passado um dia inteiro desde a subscrição, juros de principal × taxa diária são creditados no seu saldo disponível, uma vez por dia.</p>",
      "<h3>No vencimento</h3>",
      "<p>Após os juros do último dia, o principal volta para o seu saldo disponível e a ordem aparece como liquidada. Se o serviço esteve fora do ar, cada dia perdido é creditado exatamente uma vez quando ele volta.</p>",
    ],
  },
  welcome: {
    title: "Bem-vindo à Cryptos",
    body: "<p>Este servidor executa um mercado simulado com fundos de demonstração: os preços são gerados, não vêm de uma corretora. Experimente uma ordem de sobe/desce ou um produto de staking; cada resultado pode ser conferido com os preços registrados.</p>",
  },
};
