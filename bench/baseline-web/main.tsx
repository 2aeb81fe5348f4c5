// The web bench's baseline: the smallest React 19 + react-router app, a hash router (createHashRouter, the data
// router) with two routes and a heading.
// bench/suites/web.mjs builds it with Vite beside the real app and measures the JS its first screen loads.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createHashRouter, Link, RouterProvider } from "react-router";

const router = createHashRouter([
  {
    path: "/",
    element: (
      <main>
        <h1>Home</h1>
        <Link to="/about">About</Link>
      </main>
    ),
  },
  { path: "/about", element: <h1>About</h1> },
]);

const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
