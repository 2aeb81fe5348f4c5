import { resolveLocale } from "@cryptos/contract";
import { QueryClientProvider } from "@tanstack/react-query";
import { ConfigProvider } from "antd-mobile";
import enUS from "antd-mobile/es/locales/en-US";
import { Suspense, use, useEffect, useMemo, useState } from "react";
import { DelayedLoader } from "@/components/Loader";
import { type AntdLocale, loadAntdLocale, withAccessibleNames } from "@/lib/antd-locale";
import { currenciesQueryOptions, useCurrencyDecimals } from "@/lib/currencies";
import { useTranslation } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";
import { AppRouter } from "./router";

/** antd-mobile's built-in texts follow the interface language (its default would be Chinese). */
function AntdLocaleProvider({ children }: { children: React.ReactNode }) {
  const { t, i18n } = useTranslation();
  const language = resolveLocale(i18n.resolvedLanguage ?? i18n.language);
  const [loaded, setLoaded] = useState<AntdLocale>(enUS);
  useEffect(() => {
    let current = true;
    void loadAntdLocale(language).then((next) => {
      if (current) setLoaded(next);
    });
    return () => {
      current = false;
    };
  }, [language]);
  // The names antd-mobile gives its controls, which most of its locales leave in English, in the user's language.
  const close = t("actions.close");
  const clear = t("actions.clear");
  const upload = t("actions.upload");
  const locale = useMemo(() => withAccessibleNames(loaded, { close, clear, upload }), [loaded, close, clear, upload]);
  return <ConfigProvider locale={locale}>{children}</ConfigProvider>;
}

let currenciesSettled: Promise<unknown> | undefined;

/**
 * Amounts show with their currency's decimals: on a first visit the screens wait for them (a short GET). It suspends
 * rather than drawing a loader, so that a prerendered shell (app/shell) stays on the screen, not hydrated yet, until
 * they are in; without a shell the Suspense above shows the loader, as before.
 */
function CurrencyDecimalsGate({ children }: { children: React.ReactNode }) {
  const { ready } = useCurrencyDecimals();
  if (!ready) {
    currenciesSettled ??= queryClient.fetchQuery(currenciesQueryOptions).catch(() => undefined);
    use(currenciesSettled);
  }
  return children;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AntdLocaleProvider>
        <Suspense fallback={<DelayedLoader />}>
          <CurrencyDecimalsGate>
            <AppRouter />
          </CurrencyDecimalsGate>
        </Suspense>
      </AntdLocaleProvider>
    </QueryClientProvider>
  );
}
