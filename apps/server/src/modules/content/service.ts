import type { Locale, menuEntry } from "@cryptos/contract";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
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

/** Home menus, shortcuts and help pages: server data, per language. */
export class ContentService {
  constructor(private readonly settings: SettingsService) {}

  private async menu(key: string, locale: Locale): Promise<MenuEntry[]> {
    const stored = await this.settings.get<StoredMenuEntry[]>(key, []);
    return stored.map((m) => ({ key: m.key, icon: m.icon, route: m.route, label: pickText(m.label, locale) }));
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

  homeMenus(locale: Locale) {
    return this.menu(SETTING_KEYS.homeMenus, locale);
  }

  softMenus(locale: Locale) {
    return this.menu(SETTING_KEYS.softMenus, locale);
  }

  async help(key: "help" | "ammhelp", locale: Locale) {
    const page = await this.settings.get<StoredHelpPage | null>(SETTING_KEYS.help(key), null);
    if (!page) throw new Refusal("help_not_found");
    return { key, title: pickText(page.title, locale), body: sanitizeBody(pickText(page.body, locale)) };
  }
}
