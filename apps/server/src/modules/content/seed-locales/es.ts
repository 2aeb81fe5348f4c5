import type { SeedTexts } from "./types";

export const es: SeedTexts = {
  homeMenus: {
    recharge: "Depositar",
    withdraw: "Retirar",
    exchange: "Cambiar",
    arbitrage: "Staking",
    trade: "Sube/Baja",
    bills: "Movimientos",
    realname: "Verificar identidad",
    help: "Ayuda",
  },
  softMenus: {
    messages: "Mensajes",
    announcements: "Anuncios",
    help: "Centro de ayuda",
    ammhelp: "Cómo funciona el staking",
    language: "Idioma",
  },
  help: {
    title: "Centro de ayuda",
    body: [
      "<h3>Qué es Cryptos</h3>",
      "<p>Cryptos muestra precios de mercado y te permite realizar órdenes de sube/baja a corto plazo, suscribirte a productos de staking, y depositar, retirar y cambiar fondos. Cuando el servidor funciona con su mercado simulado, todas las pantallas de trading lo indican: los precios son generados, no proceden de una plataforma de intercambio.</p>",
      "<h3>Órdenes de sube/baja</h3>",
      "<p>Eliges un par, un importe, una dirección y una hora de liquidación. El importe se descuenta de tu saldo disponible cuando se acepta la orden. El precio de entrada es el primer precio registrado tras la aceptación; el precio de salida es el último precio registrado a la hora de liquidación o antes.</p>",
      "<ul><li>Sube gana cuando el precio de salida es mayor que el de entrada; baja gana cuando es menor.</li><li>Si ganas, se paga el importe multiplicado por (1 + la tasa de pago mostrada antes de confirmar).</li><li>En caso de empate, se te devuelve el importe. Si pierdes, no se devuelve.</li></ul>",
      "<p>El detalle de la orden muestra los dos precios registrados, para que puedas comprobar cada resultado.</p>",
      "<h3>Depósitos y retiros</h3>",
      "<p>Los depósitos se abonan cuando un operador ha comprobado la transferencia. Los retiros requieren el código que te enviamos por correo electrónico; la comisión se muestra antes de confirmar y el importe permanece congelado hasta que el retiro se completa o se rechaza.</p>",
      "<p>Direcciones de retiro: sin verificación en dos pasos, solo puedes retirar a una dirección guardada en tu libreta de direcciones, y solo 24 horas después de guardarla. Esta espera te da tiempo para darte cuenta si otra persona añadió una dirección a tu cuenta. Con la verificación en dos pasos activada, puedes retirar a cualquier dirección al momento, confirmando con el código de tu app de autenticación.</p>",
      "<h3>Movimientos</h3>",
      "<p>Cada cambio en tu saldo aparece como una línea en tus movimientos, junto con el saldo resultante.</p>",
    ],
  },
  ammhelp: {
    title: "Cómo funciona el staking",
    body: [
      "<h3>Productos de staking</h3>",
      "<p>Cada producto indica su moneda, la tasa de rendimiento diaria, el número de días, el mínimo y el máximo por orden y el cupo restante. Estas condiciones quedan fijadas para tu orden en el momento de suscribirte.</p>",
      "<h3>Durante la custodia</h3>",
      "<p>Tu capital pasa de tu saldo disponible a custodia. Una vez transcurrido un día completo desde la suscripción, se abonan en tu saldo disponible intereses de capital × tasa diaria, una vez al día.</p>",
      "<h3>Al vencimiento</h3>",
      "<p>Tras los intereses del último día, el capital vuelve a tu saldo disponible y la orden aparece como liquidada. Si el servicio estuvo caído, cada día perdido se abona exactamente una vez cuando vuelve a funcionar.</p>",
    ],
  },
  welcome: {
    title: "Te damos la bienvenida a Cryptos",
    body: "<p>Este servidor funciona con un mercado simulado y fondos de demostración: los precios son generados, no proceden de una plataforma de intercambio. Prueba una orden de sube/baja o un producto de staking; cada resultado se puede comprobar con los precios registrados.</p>",
  },
};
