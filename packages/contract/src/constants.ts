/** The spec's constants (§9), each in one place; client and server read them from here. */
export const APP_NAME = "Cryptos";
export const APP_VERSION = "1.0.1";
export const APP_VERSION_CODE = 100;

export const ACCENT_COLOR = "#1652F0";
export const HEADER_COLOR = "#333333";
export const HEADER_BACKGROUND = "#FFFFFF";

export const REQUEST_TIMEOUT_MS = 60_000;
export const UPLOAD_TIMEOUT_MS = 60_000;
export const LAZY_PAGE_DELAY_MS = 200;
export const LAZY_PAGE_TIMEOUT_MS = 60_000;

export const TOAST_DURATION_MS = 1500;
export const NOTIFY_DURATION_MS = 3000;
export const TOAST_ICONS = ["success", "error", "loading", "none"] as const;

export const CODE_COUNTDOWN_S = 60;
export const CODE_LENGTH = 6;
export const CODE_TTL_S = 600;
export const UPLOAD_MAX_COUNT = 52;
export const TEXTAREA_MAX_LENGTH = 140;

export const LONG_PRESS_MS = 350;
export const LONG_PRESS_MOVE_TOLERANCE_PX = 10;
export const REACH_BOTTOM_THROTTLE_MS = 350;

/** The spec's design width in CSS px (the root font scale itself is in apps/web's styles.css). */
export const BASE_WIDTH = 375;
/** 50rpx at the 750rpx design width = 25 px at the 375 px base. */
export const BACK_ICON_PX = 25;

export const WALLET_LOGIN_TYPE = 3;
/** The product type of crypto pairs (listPairs's `product_type`); further types are data an operator adds. */
export const CRYPTO_PRODUCT_TYPE = 1;
export const DEFAULT_LANGUAGE = "en";
/** The JSON-RPC rate-limit error of the spec's node provider wrapper (RPC 429). */
export const RPC_RATE_LIMIT_CODE = 1300;

export const MAX_PAGE_SIZE = 100;
/** Pairs one `sparklines` call answers at most: a screenful of market rows, with room to spare. */
export const MAX_SPARKLINE_PAIRS = 50;

/** Client storage keys, as the spec names them. */
export const STORAGE_KEYS = {
  address: "web3_address",
  token: "web3_token",
  loginType: "web3_login_type",
  language: "lang",
  /** The currencies' decimals as last loaded, so amounts format right from the first paint. */
  currencyDecimals: "currency_decimals",
  /** The tick-log heads this device saw (live ticks carry them), to check later that the log still agrees. */
  tickWitnesses: "tick_witnesses",
  /** The signed receipts and settlements of the user's up/down orders as first seen (issue 43), newest 500. */
  updownReceipts: "updown_receipts",
  /**
   * The prerendered shells' texts in the interface language, for shell/boot.js before the first paint: index.html
   * carries them in English only (apps/web/lib/shell-texts.ts keeps this copy).
   */
  shellTexts: "shell_texts",
  /** Set at the first sign-in on this device and kept after logout: a visitor without it is sent to sign up. */
  hadSession: "had_session",
  /** The proof-of-reserves snapshots this device checked, per user: whether each held the user's leaf. */
  reservesSeen: "reserves_seen",
} as const;
