import type { Plugin } from "vite";

/** antd-mobile's config-provider module, whose default locale this plugin changes. */
const CONFIG_PROVIDER = /[\\/]antd-mobile[\\/]es[\\/]components[\\/]config-provider[\\/]config-provider\.js$/;

/**
 * antd-mobile's config-provider imports its Chinese texts as the default locale, so they were in every first screen's
 * entry (1.1 KB gzip) though the app always sets a locale (app/App.tsx: English until the reader's has loaded, by
 * lib/antd-locale.ts, which still loads the Chinese texts for a Chinese reader). Here that one import is antd-mobile's
 * English locale: a component drawn outside the provider speaks the app's fallback language, not Chinese.
 */
export function antdEnglishDefault(): Plugin {
  return {
    name: "cryptos:antd-english-default",
    enforce: "pre",
    resolveId(source, importer) {
      if (source !== "../../locales/zh-CN" || !importer || !CONFIG_PROVIDER.test(importer)) return null;
      return this.resolve("../../locales/en-US", importer, { skipSelf: true });
    },
  };
}
