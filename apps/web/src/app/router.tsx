import { createHashRouter, Navigate } from "react-router";
import { HOME_PATH } from "@/lib/paths";
import { AppLayout } from "./AppLayout";
import { RouteError } from "./RouteError";
import { lazyPage, PAGE_ROUTES } from "./routes";

export const router = createHashRouter([
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      { path: "/", element: <Navigate to={HOME_PATH} replace /> },
      ...PAGE_ROUTES.map(({ path, load }) => ({ path, element: lazyPage(load) })),
      { path: "*", element: lazyPage(() => import("./NotFound")) },
    ],
  },
]);
