/**
 * The app's router: wouter's route matching and links (2 KB gzip, against react-router's 12.5 in every first
 * screen's entry; decision 098) over the hash history of ./hash-history. The names and shapes are the ones the app
 * used from react-router, so that a page reads the same; nothing else in the app imports wouter.
 */
import { type ComponentProps, type ReactNode, useSyncExternalStore } from "react";
import { parse } from "regexparam";
import { Link, matchRoute, Router } from "wouter";
import {
  type AppLocation,
  currentLocation,
  lastNavigationType,
  type NavigationType,
  navigate,
  openingLocation,
  subscribe,
} from "./hash-history";

// wouter's own, with our history behind them: its Redirect is react-router's Navigate (a move as it mounts).
export { Link, Redirect as Navigate, Route, Switch, useParams, useSearchParams } from "wouter";
export { type AppLocation, hasAppHistory, type NavigateOptions, navigate, parseAddress } from "./hash-history";

/** Hydration renders the address the page opened at, the one the prerendered shell was chosen for. */
export function useLocation(): AppLocation {
  return useSyncExternalStore(subscribe, currentLocation, openingLocation);
}

const usePath = (): [string, typeof navigate] => [useLocation().pathname, navigate];
const useSearch = (): string => useLocation().search;
/** Module-level, as the two hooks above: wouter makes a new router (and every link renders again) when one changes. */
const hashHref = (href: string) => `#${href}`;

/** The app's routes, under hash addresses. */
export function HashRouter({ children }: { children: ReactNode }) {
  return (
    <Router hook={usePath} searchHook={useSearch} hrefs={hashHref}>
      {children}
    </Router>
  );
}

/** The same function throughout: effects that use it need not run again when the address changes. */
export function useNavigate(): typeof navigate {
  return navigate;
}

export function useNavigationType(): NavigationType {
  useLocation();
  return lastNavigationType();
}

/** Whether `pattern` (`/a/:id`, `/a/*?`) matches `path`, ignoring case and a trailing slash. */
export function matchPath(pattern: string, path: string): boolean {
  return matchRoute(parse, pattern, path)[0];
}

type NavLinkProps = Omit<ComponentProps<"a">, "className" | "href"> & {
  to: string;
  /** Active only on `to` itself, not on the paths under it. */
  end?: boolean;
  className: (state: { isActive: boolean }) => string;
};

/** A link that knows whether it leads to the current page (its class, and `aria-current="page"`). */
export function NavLink({ end, className, to, ...props }: NavLinkProps) {
  const { pathname } = useLocation();
  const isActive = pathname === to || (!end && pathname.startsWith(`${to}/`));
  return <Link {...props} to={to} className={className({ isActive })} aria-current={isActive ? "page" : undefined} />;
}
