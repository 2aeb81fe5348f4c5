import type { Locale, menuEntry } from "@cryptos/contract";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import { CachedReads, PUBLIC_CONTENT_CACHE } from "../../lib/cached-read";
import { Refusal } from "../../lib/errors";
import { sanitizeBody } from "../../lib/html";
import { type LocalizedText, pickText } from "../messages/service";
import type { SettingsService } from "../settings/service";

export type MenuEntry = z.infer<typeof menuEntry>;
/** A menu entry as stored: the label in every language an operator wrote. */
export interface StoredMenuEntry {
  key: string;
  icon: string;
  route: string;
  label: LocalizedText;
}
export interface StoredHelpPage {
  title: LocalizedText;
  body: LocalizedText;
}

export const SETTING_KEYS = {
  homeMenus: "content.menus.home",
  softMenus: "content.menus.soft",
  help: (key: string) => `content.help.${key}`,
  webviewHosts: "content.webview.hosts",
} as const;

export interface MenuList {
  items: MenuEntry[];
}

/** Home menus, shortcuts and help pages: server data, per language. */
export class ContentService {
  // Every first visit to Home reads both menus; they change only when a release's seed does (at its start).
  private readonly homeMenuLists = new CachedReads(
    (locale: Locale) => this.menu(SETTING_KEYS.homeMenus, locale),
    PUBLIC_CONTENT_CACHE,
  );
  private readonly softMenuLists = new CachedReads(
    (locale: Locale) => this.menu(SETTING_KEYS.softMenus, locale),
    PUBLIC_CONTENT_CACHE,
  );

  constructor(private readonly settings: SettingsService) {}

  private async menu(key: string, locale: Locale): Promise<MenuList> {
    const stored = await this.settings.get<StoredMenuEntry[]>(key, []);
    return {
      items: stored.map((m) => ({ key: m.key, icon: m.icon, route: m.route, label: pickText(m.label, locale) })),
    };
  }

  /** Foreign hosts the web view may frame; none until an operator adds one. */
  webviewHosts(conn?: Db | Tx): Promise<string[]> {
    return this.settings.get<string[]>(SETTING_KEYS.webviewHosts, [], conn);
  }

  /** Replaces the allow-list inside the caller's transaction; answers it before and after. */
  async setWebviewHosts(tx: Tx, hosts: string[]) {
    const before = await this.webviewHosts(tx);
    const after = [...new Set(hosts)].sort();
    await this.settings.set(SETTING_KEYS.webviewHosts, after, tx);
    return { before: { hosts: before }, after: { hosts: after } };
  }

  /** The same object for every caller until it is read again (lib/cached-read.ts). */
  homeMenus(locale: Locale): Promise<MenuList> {
    return this.homeMenuLists.get(locale);
  }

  softMenus(locale: Locale): Promise<MenuList> {
    return this.softMenuLists.get(locale);
  }

  async help(key: "help" | "ammhelp", locale: Locale) {
    const page = await this.settings.get<StoredHelpPage | null>(SETTING_KEYS.help(key), null);
    if (!page) throw new Refusal("help_not_found");
    return { key, title: pickText(page.title, locale), body: sanitizeBody(pickText(page.body, locale)) };
  }
}
