export const orderPath = (id: number) => `/pages/index/markets-business-order?id=${id}`;
