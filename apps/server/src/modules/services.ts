import { type Config, loadConfig } from "../config";
import type { Database } from "../db/client";
import type { Clock } from "../lib/clock";
import type { EmailCodesService } from "./accounts/codes";
import type { MailLog } from "./accounts/mailer";
import { type AccountsService, createAccountServices } from "./accounts/service";
import type { SessionsService } from "./accounts/sessions";
import type { SignInService } from "./accounts/sign-in";
import type { TwoStepService } from "./accounts/two-step";
import { AddressBookService } from "./addressbook/service";
import { AdminService } from "./admin/service";
import { PriceAlertsService } from "./alerts/service";
import { readHotWallet } from "./chain/hot-wallet";
import { readNetworksFile } from "./chain/networks-file";
import { ChainService } from "./chain/service";
import { ChainWithdrawalsService } from "./chain/withdrawals";
import { ConsoleService } from "./console/service";
import { ContentService } from "./content/service";
import { ExportsService } from "./exports/service";
import { DepositsService } from "./funds/deposits";
import { ExchangeService } from "./funds/exchange";
import { FundsSettingsService } from "./funds/settings";
import { UploadsService } from "./funds/uploads";
import { WithdrawalsService } from "./funds/withdrawals";
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
  sessions: SessionsService;
  emailCodes: EmailCodesService;
  signIn: SignInService;
  twoStep: TwoStepService;
  addressBook: AddressBookService;
  priceAlerts: PriceAlertsService;
  ledger: LedgerService;
  admin: AdminService;
  messages: MessagesService;
  users: UsersService;
  staking: StakingService;
  settings: SettingsService;
  content: ContentService;
  deposits: DepositsService;
  withdrawals: WithdrawalsService;
  /** The hot wallet's sends of withdrawals on networks with a node (CHAIN_NETWORKS_FILE, HOT_WALLET_KEY_FILE). */
  chainWithdrawals: ChainWithdrawalsService;
  exchange: ExchangeService;
  fundsSettings: FundsSettingsService;
  identity: IdentityService;
  console: ConsoleService;
  exports: ExportsService;
  uploads: UploadsService;
  market: MarketService;
  tickLog: TickLogService;
  updown: UpDownService;
  chain: ChainService;
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
  const admin = new AdminService(db, clock, { idleMinutes: config.operatorIdleMinutes });
  const uploads = new UploadsService(db, clock, config.dataDir);
  const identity = new IdentityService(db, clock, { admin, messages, uploads });
  const accountServices = createAccountServices(db, clock, config, { ledger, realName: identity, messages }, log);
  const { accounts, emailCodes, twoStep } = accountServices;
  // Every tick an order's result rests on outlives the raw-tick retention, so anyone can re-check the result.
  const updown = new UpDownService(db, clock, ledger, market);
  market.retention.protectTicks("updown", () => updown.orderTickIds());
  const addressBook = new AddressBookService(db, clock, {
    ledger,
    accounts: {
      hasTotp: (userId) => twoStep.hasTotp(userId),
      notifySecurityChange: (userId, locale, change) => accounts.notifySecurityChange(userId, locale, change),
    },
  });
  const fundsSettings = new FundsSettingsService(db, { settings, admin });
  const withdrawals = new WithdrawalsService(db, clock, {
    ledger,
    admin,
    messages,
    settings: fundsSettings,
    codes: emailCodes,
    secondFactor: twoStep,
    realName: identity,
    addressBook,
  });
  // Both files are read once, here; a bad one (or a key file others can read) stops the start with its reason.
  // app.ts then checks each network against its node before the server takes a request.
  const networks = config.chainNetworksFile ? readNetworksFile(config.chainNetworksFile).networks : [];
  const chain = new ChainService(db, clock, networks, { ledger, messages, log });
  const hotWallet = config.hotWalletKeyFile ? readHotWallet(config.hotWalletKeyFile) : undefined;
  const chainWithdrawals = new ChainWithdrawalsService(db, clock, networks, hotWallet, { withdrawals, admin });
  if (chainWithdrawals.hasNetworks) withdrawals.sendOnChainWith(chainWithdrawals);
  const domain = {
    settings,
    content: new ContentService(settings),
    ...accountServices,
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
    updown,
    chain,
    deposits: new DepositsService(db, clock, { ledger, admin, messages, uploads, chain }),
    withdrawals,
    chainWithdrawals,
    exchange: new ExchangeService(db, clock, { ledger, prices: market, settings: fundsSettings }),
    fundsSettings,
  };
  return {
    ...domain,
    console: new ConsoleService(db, clock, domain),
    exports: new ExportsService(
      db,
      {
        ledger: domain.ledger,
        deposits: domain.deposits,
        withdrawals: domain.withdrawals,
        exchange: domain.exchange,
        updown: domain.updown,
        staking: domain.staking,
      },
      { concurrency: config.exportConcurrency, queue: config.exportQueue },
    ),
  };
}
