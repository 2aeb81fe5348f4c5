import { numeric } from "drizzle-orm/pg-core";

/** Every amount and price: exact decimals, wide enough for any currency's smallest unit. */
export const decimalColumn = (name: string) => numeric(name, { precision: 38, scale: 18 });
