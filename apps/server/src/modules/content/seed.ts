import type { Locale } from "@cryptos/contract";
import type { MessagesService } from "../messages/service";
import type { SettingsService } from "../settings/service";
import { HELP_PAGES, HOME_MENUS, SOFT_MENUS, WELCOME_ANNOUNCEMENT } from "./seed-texts";
import { SETTING_KEYS, type StoredHelpPage } from "./service";

/**
 * Names the seeded help texts once used, as [then, now] per language (decision 060's one name per thing reached the
 * help bodies later). A database still holding the text as it was seeded gets today's; an operator's edit stays.
 */
const HELP_RENAMES: Partial<Record<Locale, [then: string, now: string][]>> = {
  en: [
    ["<h3>While in custody</h3>", "<h3>While staked</h3>"],
    ["from your available balance into custody.", "from your available balance into staking."],
  ],
  de: [
    ["Steigt/Fällt-Orders", "Steigt/Fällt-Aufträge"],
    ["<h3>Während der Verwahrung</h3>", "<h3>Während des Stakings</h3>"],
    ["in die Verwahrung übertragen", "ins Staking übertragen"],
  ],
};

/** The seeded text as it read before the renames. */
function asSeededBefore(text: string, renames: [string, string][]): string {
  return renames.reduce((before, [then, now]) => before.replaceAll(now, then), text);
}

/** Default menus, help pages and one announcement; nothing an operator has set is overwritten. */
export async function seedContent(settings: SettingsService, messages: MessagesService) {
  await settings.setDefault(SETTING_KEYS.homeMenus, HOME_MENUS);
  await settings.setDefault(SETTING_KEYS.softMenus, SOFT_MENUS);
  for (const [key, page] of Object.entries(HELP_PAGES)) {
    await settings.setDefault(SETTING_KEYS.help(key), page);
    await renameSeededHelp(settings, key, page);
  }
  if (!(await messages.hasBroadcasts())) {
    await messages.broadcast(1, WELCOME_ANNOUNCEMENT.title, WELCOME_ANNOUNCEMENT.body);
  }
}

/** Brings a help page still as first seeded up to today's names, language by language. */
async function renameSeededHelp(settings: SettingsService, key: string, seeded: StoredHelpPage) {
  const stored = await settings.get<StoredHelpPage | null>(SETTING_KEYS.help(key), null);
  if (!stored) return;
  const body = { ...stored.body };
  let changed = false;
  for (const [locale, renames] of Object.entries(HELP_RENAMES)) {
    const today = seeded.body[locale as Locale];
    if (!renames || today === undefined) continue;
    if (body[locale as Locale] !== today && body[locale as Locale] === asSeededBefore(today, renames)) {
      body[locale as Locale] = today;
      changed = true;
    }
  }
  if (changed) await settings.set(SETTING_KEYS.help(key), { ...stored, body });
}
