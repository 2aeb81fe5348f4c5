export type HomeMenuKey = "recharge" | "withdraw" | "exchange" | "arbitrage" | "trade" | "bills" | "realname" | "help";
export type SoftMenuKey = "messages" | "announcements" | "help" | "ammhelp" | "language";

/**
 * One language's share of the first-start content. Every locale fills the same shape, and the help bodies keep the
 * same HTML markup, piece for piece, as the English source.
 */
export interface SeedTexts {
  homeMenus: Record<HomeMenuKey, string>;
  softMenus: Record<SoftMenuKey, string>;
  help: { title: string; body: string[] };
  ammhelp: { title: string; body: string[] };
  welcome: { title: string; body: string };
}
