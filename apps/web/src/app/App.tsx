import { resolveLocale } from "@cryptos/contract";
import { QueryClientProvider } from "@tanstack/react-query";
import { ConfigProvider } from "antd-mobile";
import enUS from "antd-mobile/es/locales/en-US";
import { Suspense, useEffect, useState } from "react";
import { RouterProvider } from "react-router";
import { DelayedLoader } from "@/components/Loader";
import { type AntdLocale, loadAntdLocale } from "@/lib/antd-locale";
import { useCurrencyDecimals } from "@/lib/currencies";
import { useTranslation } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";
import { router } from "./router";

/** antd-mobile's built-in texts follow the interface language (its default would be Chinese). */
function AntdLocaleProvider({ children }: { children: React.ReactNode }) {
  const { i18n } = useTranslation();
  const language = resolveLocale(i18n.resolvedLanguage ?? i18n.language);
  const [locale, setLocale] = useState<AntdLocale>(enUS);
  useEffect(() => {
    let current = true;
    void loadAntdLocale(language).then((loaded) => {
      if (current) setLocale(loaded);
    });
    return () => {
      current = false;
    };
  }, [language]);
  return <ConfigProvider locale={locale}>{children}</ConfigProvider>;
}

/** Amounts show with their currency's decimals: on a first visit the screens wait for them (a short GET). */
function CurrencyDecimalsGate({ children }: { children: React.ReactNode }) {
  const { ready } = useCurrencyDecimals();
  return ready ? children : <DelayedLoader />;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AntdLocaleProvider>
        <Suspense fallback={<DelayedLoader />}>
          <CurrencyDecimalsGate>
            <RouterProvider router={router} />
          </CurrencyDecimalsGate>
        </Suspense>
      </AntdLocaleProvider>
    </QueryClientProvider>
  );
}
