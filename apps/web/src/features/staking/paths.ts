/** Routes of this feature and the help page it links to. */
export const ARBITRAGE_PATH = "/pages/index/arbitrage";
export const ORDERS_PATH = "/pages/index/arbitrage-order";
export const HELP_PATH = "/pages/common/ammhelp";
export const productPath = (id: number) => `/pages/index/arbitrage-product?id=${id}`;
