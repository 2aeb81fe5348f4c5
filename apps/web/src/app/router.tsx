import { HashRouter, Navigate, Outlet, Route, Routes, useLocation } from "react-router";
import { HOME_PATH } from "@/lib/paths";
import { AddressCatchUp } from "./AddressCatchUp";
import { AppLayout } from "./AppLayout";
import { RouteError } from "./RouteError";
import { RouteErrorBoundary } from "./RouteErrorBoundary";
import { lazyPage, PAGE_ROUTES } from "./routes";

/** Made once: a page made again on each render would be a new component, and would mount afresh. */
const PAGES = PAGE_ROUTES.map(({ path, load }) => ({ path, element: lazyPage(load) }));
const NOT_FOUND = lazyPage(() => import("./NotFound"));

/** A page that fails to load or draw shows its error inside the layout, so the user keeps the header and tab bar. */
function PageBoundary() {
  const location = useLocation();
  return (
    <RouteErrorBoundary resetKey={location.key} fallback={(error) => <RouteError error={error} />}>
      <Outlet />
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

/**
 * The spec's routes under hash addresses. The declarative router: the app uses none of the data router's loaders,
 * actions or fetchers, and the data router was 31 of the entry's 140 KB of gzip JS (decision 088).
 */
export function AppRouter() {
  return (
    <HashRouter>
      <AddressCatchUp />
      <LayoutBoundary>
        <Routes>
          <Route element={<AppLayout />}>
            <Route element={<PageBoundary />}>
              <Route path="/" element={<Navigate to={HOME_PATH} replace />} />
              {PAGES.map(({ path, element }) => (
                <Route key={path} path={path} element={element} />
              ))}
              <Route path="*" element={NOT_FOUND} />
            </Route>
          </Route>
        </Routes>
      </LayoutBoundary>
    </HashRouter>
  );
}
