/**
 * The app's router: wouter's route matching and links (2 KB gzip, against react-router's 12.5 in every first
 * screen's entry; decision 098) over the hash history of ./hash-history. The names and shapes are the ones the app
 * used from react-router, so that a page reads the same; nothing else in the app imports wouter.
 */
import { type AnchorHTMLAttributes, forwardRef, type ReactNode, useLayoutEffect, useSyncExternalStore } from "react";
import { parse } from "regexparam";
import { matchRoute, Router, useSearchParams as useWouterSearchParams, Link as WouterLink } from "wouter";
import {
  type AppLocation,
  currentLocation,
  lastNavigationType,
  type NavigateOptions,
  type NavigationType,
  navigate,
  subscribe,
} from "./hash-history";

export { Route, Switch, useParams } from "wouter";
export { type AppLocation, hasAppHistory, type NavigateOptions, navigate, parseAddress } from "./hash-history";

let firstLocation: AppLocation | null = null;

/**
 * What hydration renders: the address the page opened at, which the prerendered shell was chosen for. React reads
 * the current one right after and renders again if a tab was tapped meanwhile.
 */
function locationAtOpen(): AppLocation {
  firstLocation ??= currentLocation();
  return firstLocation;
}

export function useLocation(): AppLocation {
  return useSyncExternalStore(subscribe, currentLocation, locationAtOpen);
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

type SearchInit = Record<string, string> | URLSearchParams;

/** The query and a setter that navigates to this page with another (a function gets the current one). */
export function useSearchParams(): [
  URLSearchParams,
  (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => void,
] {
  return useWouterSearchParams() as ReturnType<typeof useSearchParams>;
}

/** Whether `pattern` (`/a/:id`, `/a/*?`) matches `path`, ignoring case and a trailing slash. */
export function matchPath(pattern: string, path: string): boolean {
  return matchRoute(parse, pattern, path)[0];
}

/** Goes to `to` as the page renders (in place of this entry with `replace`). */
export function Navigate({ to, replace }: { to: string } & NavigateOptions) {
  useLayoutEffect(() => navigate(to, { replace }), [to, replace]);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string } & NavigateOptions;

/** An `<a href="#/...">` that navigates in the app; a modified click (new tab, window) is the browser's. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  return <WouterLink ref={ref} {...props} />;
});

type NavLinkProps = Omit<LinkProps, "className"> & {
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
