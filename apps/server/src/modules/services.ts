import { sql } from "drizzle-orm";
import { type Config, loadConfig } from "../config";
import type { Database } from "../db/client";
import type { Clock } from "../lib/clock";
import type { MailLog } from "./accounts/mailer";
import { AccountsService } from "./accounts/service";
import { AddressBookService } from "./addressbook/service";
import { AdminService } from "./admin/service";
import { PriceAlertsService } from "./alerts/service";
import { ConsoleService } from "./console/service";
import { ContentService } from "./content/service";
import { FundsService } from "./funds/service";
import { UploadsService } from "./funds/uploads";
import { IdentityService } from "./identity/service";
import { LedgerService } from "./ledger/service";
import { LocalTickBus, type TickBus } from "./market/bus";
import { MarketService } from "./market/service";
import { exchangeCountNow } from "./market/sources/exchange-count";
import { TickLogService } from "./market/tick-log";
import { MessagesService } from "./messages/service";
import { SettingsService } from "./settings/service";
import { StakingService } from "./staking/service";
import { UpDownService } from "./updown/service";
import { UsersService } from "./users/service";

/** One instance of each domain service, shared by routes and workers. Modules call each other through these. */
export interface Services {
  accounts: AccountsService;
  addressBook: AddressBookService;
  priceAlerts: PriceAlertsService;
  ledger: LedgerService;
  admin: AdminService;
  messages: MessagesService;
  users: UsersService;
  staking: StakingService;
  settings: SettingsService;
  content: ContentService;
  funds: FundsService;
  identity: IdentityService;
  console: ConsoleService;
  uploads: UploadsService;
  market: MarketService;
  tickLog: TickLogService;
  updown: UpDownService;
}

export function createServices(
  database: Database,
  clock: Clock,
  config: Config = loadConfig({}),
  log?: MailLog,
  /** The fan-out of recorded ticks between instances (Redis with REDIS_URL); in-process by default. */
  fanout: { tickBus?: TickBus } = {},
): Services {
  const { db } = database;
  const settings = new SettingsService(db, clock);
  const market = new MarketService(
    db,
    clock,
    fanout.tickBus ?? new LocalTickBus(),
    { priceSource: config.priceSource, exchangeCount: exchangeCountNow },
    settings,
  );
  const ledger = new LedgerService(db, clock);
  const messages = new MessagesService(db, clock);
  const admin = new AdminService(db, clock);
  const uploads = new UploadsService(db, clock, config.dataDir);
  const identity = new IdentityService(db, clock, { admin, messages, uploads });
  const accounts = new AccountsService(db, clock, config, { ledger, realName: identity, messages }, log);
  // Every tick an order's result rests on outlives the raw-tick retention, so anyone can re-check the result.
  market.protectTicks(
    "updown",
    () => sql`select entry_tick_id from updown_orders where entry_tick_id is not null
      union all select exit_tick_id from updown_orders where exit_tick_id is not null`,
  );
  const addressBook = new AddressBookService(db, clock, { ledger, accounts });
  const domain = {
    settings,
    content: new ContentService(settings),
    accounts,
    addressBook,
    priceAlerts: new PriceAlertsService(db, clock, market, messages),
    ledger,
    admin,
    messages,
    users: new UsersService(db),
    staking: new StakingService(db, clock, ledger, messages, market),
    uploads,
    identity,
    market,
    tickLog: new TickLogService(db, clock),
    updown: new UpDownService(db, clock, ledger, market),
    funds: new FundsService(db, clock, {
      ledger,
      admin,
      messages,
      settings,
      uploads,
      codes: accounts,
      prices: market,
      realName: identity,
      addressBook,
    }),
  };
  return { ...domain, console: new ConsoleService(clock, domain) };
}
