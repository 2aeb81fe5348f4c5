import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type ReactElement, Suspense } from "react";
import { i18n } from "@/lib/i18n";

declare global {
  interface Window {
    happyDOM?: { setURL(url: string): void };
  }
}

/** Puts the page on `origin`, so that the app's same-origin calls (API_BASE "") reach the test's server. */
export function openPageAt(origin: string): void {
  if (!window.happyDOM) throw new Error("the web-dom project runs in happy-dom");
  window.happyDOM.setURL(`${origin}/`);
}

/**
 * Renders `ui` as the app would (a query client, Suspense), with a user who types and taps. The translations of
 * `namespaces` load first, from the test's server, as the page that opens a sheet has loaded them.
 */
export async function renderWithApp(ui: ReactElement, namespaces: readonly string[]) {
  await i18n.loadNamespaces(["common", ...namespaces]);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup({ delay: null });
  const view = render(
    <QueryClientProvider client={client}>
      <Suspense fallback={null}>{ui}</Suspense>
    </QueryClientProvider>,
  );
  return { ...view, user, client };
}
