import { useEffect, useRef } from "react";
import { parsePath, useLocation, useNavigate } from "react-router";

/**
 * HashRouter reads the address when it renders and listens for changes from a layout effect, when it commits.
 * Hydrating a prerendered shell on a slow phone leaves time between the two, and a tab tapped then changed the address
 * but not the screen (decision 078). Once, after the first commit (a passive effect runs after every layout effect,
 * the router's listener included), an address the router missed is handed to it: the same entry, replaced.
 */
export function AddressCatchUp() {
  const location = useLocation();
  const rendered = useRef(location);
  // useNavigate gives a new function at each address: kept from the first render, so that the check runs once.
  const navigateFirst = useNavigate();
  const navigate = useRef(navigateFirst);
  useEffect(() => {
    const { pathname = "/", search = "", hash = "" } = parsePath(window.location.hash.slice(1) || "/");
    const seen = rendered.current;
    if (pathname !== seen.pathname || search !== seen.search || hash !== seen.hash) {
      void navigate.current({ pathname, search, hash }, { replace: true });
    }
  }, []);
  return null;
}
