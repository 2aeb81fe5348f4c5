import path from "node:path";
import { type Config, loadConfig } from "../config";
import type { Database } from "../db/client";
import type { Clock } from "../lib/clock";
import type { EmailCodesService } from "./accounts/codes";
import type { MailLog } from "./accounts/mailer";
import { type AccountsService, createAccountServices } from "./accounts/service";
import type { SessionsService } from "./accounts/sessions";
import type { SignInService } from "./accounts/sign-in";
import type { TwoStepService } from "./accounts/two-step";
import { UsersService } from "./accounts/users";
import { AddressBookService } from "./addressbook/service";
import { AdminService } from "./admin/service";
import { PriceAlertsService } from "./alerts/service";
import { ChainAnchorsService } from "./chain/anchors";
import { readHotWallet } from "./chain/hot-wallet";
import { ChainNetworkSettings } from "./chain/network-settings";
import { readNetworksFile } from "./chain/networks-file";
import { ChainService } from "./chain/service";
import { ChainWithdrawalsService } from "./chain/withdrawals";
import { ConsoleService } from "./console/service";
import { ContentService } from "./content/service";
import { ExportsService } from "./exports/service";
import { DepositsService } from "./funds/deposits";
import { ExchangeService } from "./funds/exchange";
import { OnChainFunds } from "./funds/on-chain";
import { FundsSettingsService } from "./funds/settings";
import { FundsStatements } from "./funds/statements";
import { UploadsService } from "./funds/uploads";
import { WithdrawalsService } from "./funds/withdrawals";
import { IdentityService } from "./identity/service";
import { IncidentsService } from "./incidents/service";
import { LedgerService } from "./ledger/service";
import { LocalTickBus, type TickBus } from "./market/bus";
import { MarketService } from "./market/service";
import { exchangeCountNow } from "./market/sources/exchange-count";
import { TickLogService } from "./market/tick-log";
import { MessagesService } from "./messages/service";
import { MetricsService } from "./metrics/service";
import { DeclaredReserves } from "./reserves/declared";
import { ReservesService } from "./reserves/service";
import { SettingsService } from "./settings/service";
import { StakingService } from "./staking/service";
import { RECEIPT_KEY_FILE_NAME } from "./updown/receipt-key";
import { ReceiptKeys } from "./updown/receipts";
import { UpDownService } from "./updown/service";

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
  /** The tick log's heads anchored on chain by the hot wallet every ANCHOR_EVERY (decision 148). */
  chainAnchors: ChainAnchorsService;
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
  /** This instance's Prometheus metrics (decision 113). */
  metrics: MetricsService;
  /** Operator alerts: incidents opened and resolved once, mailed to the operators (decision 114). */
  incidents: IncidentsService;
  /** The console's adds and edits of networks with a node (decision 109). */
  chainSettings: ChainNetworkSettings;
  /** Proof of reserves: snapshots of liabilities as a Merkle sum tree beside the chain's reserves (issue 44). */
  reserves: ReservesService;
  /** Reserves the operator declares on networks checked by hand. */
  declaredReserves: DeclaredReserves;
}

export function createServices(
  database: Database,
  clock: Clock,
  config: Config = loadConfig({}),
  log?: MailLog,
  /**
   * The fan-out of recorded ticks between instances (Redis with REDIS_URL), in-process by default; and the emailed
   * codes' own clock on a test server (decision 141).
   */
  fanout: { tickBus?: TickBus; codeClock?: Clock } = {},
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
  const accountServices = createAccountServices(
    db,
    clock,
    config,
    { ledger, realName: identity, messages, codeClock: fanout.codeClock },
    log,
  );
  const { accounts, emailCodes, twoStep } = accountServices;
  // Every tick an order's result rests on outlives the raw-tick retention, so anyone can re-check the result.
  const receiptKeyFile = config.receiptKeyFile ?? path.join(config.dataDir, RECEIPT_KEY_FILE_NAME);
  const updown = new UpDownService(db, clock, ledger, market, new ReceiptKeys(db, clock, receiptKeyFile));
  market.retention.protectTicks("updown", () => updown.orderTickIds());
  const addressBook = new AddressBookService(db, clock, {
    ledger,
    accounts: {
      checkSecondFactor: (userId, totp) => twoStep.checkSecondFactor(userId, totp),
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
    mails: accounts,
  });
  // Both files are read once, here; a bad one (or a key file others can read) stops the start with its reason.
  // app.ts then checks each network against its node before the server takes a request.
  const networks = config.chainNetworksFile ? readNetworksFile(config.chainNetworksFile).networks : [];
  // The chain module builds on funds: the funds' rows of its networks are written through OnChainFunds, in the
  // chain's transactions; deposits ask the chain for users' addresses through their port (decision 163).
  const onChainFunds = new OnChainFunds({ ledger, messages, mails: accounts });
  const chain = new ChainService(db, clock, networks, { ledger, messages, funds: onChainFunds, admin, log });
  // The key file is checked here; the account that signs with it is made (viem loaded) at its first use.
  const hotWallet = config.hotWalletKeyFile ? readHotWallet(config.hotWalletKeyFile) : undefined;
  const chainWithdrawals = new ChainWithdrawalsService(db, clock, chain.registry, hotWallet, {
    withdrawals,
    admin,
    funds: onChainFunds,
  });
  const tickLog = new TickLogService(db, clock);
  const chainAnchors = new ChainAnchorsService(db, clock, chain.registry, hotWallet, config.anchorEveryMs, {
    heads: async () =>
      (await tickLog.heads()).items.map(({ productid, id, hash, at }) => ({ productid, id, hash, at })),
  });
  // Always: a network added in the console sends its withdrawals on chain from its save on (decision 109).
  withdrawals.sendOnChainWith(chainWithdrawals);
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
    tickLog,
    updown,
    chain,
    chainSettings: new ChainNetworkSettings(db, clock, { chain, admin, funds: onChainFunds }),
    deposits: new DepositsService(db, clock, { ledger, admin, messages, uploads, chain, mails: accounts }),
    withdrawals,
    chainWithdrawals,
    chainAnchors,
    exchange: new ExchangeService(db, clock, { ledger, prices: market, settings: fundsSettings }),
    fundsSettings,
  };
  const incidents = new IncidentsService(
    db,
    clock,
    { mailer: accounts.mailer, admin, checks: { market, updown, ledger, dataDir: config.dataDir }, log },
    config,
  );
  const metrics = new MetricsService({
    market,
    updown,
    ledger,
    chain,
    reviewsWaiting: async () => {
      const [d, w] = await Promise.all([
        domain.deposits.deposits({ status: "pending" }, 1, 1),
        withdrawals.withdrawals({ status: "pending" }, 1, 1),
      ]);
      return { deposits: d.total, withdrawals: w.total };
    },
    hotWalletBalances: async () => (await chainWithdrawals.hotWalletBalances()).items,
    incidentsOpen: () => incidents.openKinds(),
    connections: () => database.connections(),
    now: () => clock.now(),
  });
  return {
    ...domain,
    reserves: new ReservesService(db, clock, { ledger, updown, chain, admin, hotWallet }),
    declaredReserves: new DeclaredReserves(db, clock, { chain, admin }),
    metrics,
    incidents,
    console: new ConsoleService(db, clock, domain),
    exports: new ExportsService(
      db,
      {
        ledger: domain.ledger,
        funds: new FundsStatements(db, domain),
        updown: domain.updown,
        staking: domain.staking,
      },
      { concurrency: config.exportConcurrency, queue: config.exportQueue },
    ),
  };
}
