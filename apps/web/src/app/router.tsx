import { createHashRouter, Navigate } from "react-router";
import { HOME_PATH } from "@/lib/paths";
import { AppLayout } from "./AppLayout";
import { RouteError } from "./RouteError";
import { lazyPage, PAGE_ROUTES } from "./routes";

export const router = createHashRouter([
  {
    element: <AppLayout />,
    // Only when the layout itself fails; a page that fails shows its error inside the layout (below).
    errorElement: (
      <div className="app">
        <RouteError />
      </div>
    ),
    children: [
      {
        // A page whose code or texts cannot load keeps the app's header and tab bar, so the user can move on.
        errorElement: <RouteError />,
        children: [
          { path: "/", element: <Navigate to={HOME_PATH} replace /> },
          ...PAGE_ROUTES.map(({ path, load }) => ({ path, element: lazyPage(load) })),
          { path: "*", element: lazyPage(() => import("./NotFound")) },
        ],
      },
    ],
  },
]);
