import { useLayoutEffect, useRef } from "react";
import { type createHashRouter, RouterProvider } from "react-router";

type Router = ReturnType<typeof createHashRouter>;

/**
 * React Router's provider reads the router's state when it renders and subscribes to it when it commits. Hydrating a
 * prerendered shell on a slow phone leaves time between the two, and a tab tapped then changed the address but not
 * the screen (the address at Markets, Trade still drawn: 4 of 10 early taps at 6x CPU throttling). Once the provider
 * has subscribed (a child's layout effect runs before its parent's), a navigation it missed reaches it through one
 * revalidation.
 */
export function SyncedRouterProvider({ router }: { router: Router }) {
  const rendered = useRef(router.state.location);
  useLayoutEffect(() => {
    if (router.state.location !== rendered.current) void router.revalidate();
  }, [router]);
  return <RouterProvider router={router} />;
}
