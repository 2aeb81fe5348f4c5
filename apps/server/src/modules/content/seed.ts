import type { MessagesService } from "../messages/service";
import type { SettingsService } from "../settings/service";
import { HELP_PAGES, HOME_MENUS, SOFT_MENUS, WELCOME_ANNOUNCEMENT } from "./seed-texts";
import { SETTING_KEYS } from "./service";

/** Default menus, help pages and one announcement; nothing an operator has set is overwritten. */
export async function seedContent(settings: SettingsService, messages: MessagesService) {
  await settings.setDefault(SETTING_KEYS.homeMenus, HOME_MENUS);
  await settings.setDefault(SETTING_KEYS.softMenus, SOFT_MENUS);
  for (const [key, page] of Object.entries(HELP_PAGES)) await settings.setDefault(SETTING_KEYS.help(key), page);
  if (!(await messages.hasBroadcasts())) {
    await messages.broadcast(1, WELCOME_ANNOUNCEMENT.title, WELCOME_ANNOUNCEMENT.body);
  }
}
