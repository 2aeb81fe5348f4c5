import { HOME_PATH } from "@/lib/paths";
import { HashRouter, Navigate, Route, Switch, useLocation } from "@/lib/router";
import { AppLayout } from "./AppLayout";
import { RouteError } from "./RouteError";
import { RouteErrorBoundary } from "./RouteErrorBoundary";
import { lazyPage, PAGE_ROUTES } from "./routes";

/** Made once: a page made again on each render would be a new component, and would mount afresh. */
const PAGES = PAGE_ROUTES.map(({ path, load }) => ({ path, element: lazyPage(load) }));
const NOT_FOUND = lazyPage(() => import("./NotFound"));

/** A page that fails to load or draw shows its error inside the layout, so the user keeps the header and tab bar. */
function PageBoundary({ children }: { children: React.ReactNode }) {
  const location = useLocation();
  return (
    <RouteErrorBoundary resetKey={location.key} fallback={(error) => <RouteError error={error} />}>
      {children}
    </RouteErrorBoundary>
  );
}

/** Only when the layout itself fails. */
function LayoutBoundary({ children }: { children: React.ReactNode }) {
  const location = useLocation();
  return (
    <RouteErrorBoundary
      resetKey={location.key}
      fallback={(error) => (
        <div className="app">
          <RouteError error={error} />
        </div>
      )}
    >
      {children}
    </RouteErrorBoundary>
  );
}

/** The spec's routes under hash addresses, in the layout; the first route that matches draws. */
export function AppRouter() {
  return (
    <HashRouter>
      <LayoutBoundary>
        <AppLayout>
          <PageBoundary>
            <Switch>
              <Route path="/">
                <Navigate to={HOME_PATH} replace />
              </Route>
              {PAGES.map(({ path, element }) => (
                <Route key={path} path={path}>
                  {element}
                </Route>
              ))}
              <Route>{NOT_FOUND}</Route>
            </Switch>
          </PageBoundary>
        </AppLayout>
      </LayoutBoundary>
    </HashRouter>
  );
}
