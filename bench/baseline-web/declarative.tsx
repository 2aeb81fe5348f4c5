// The web bench's second baseline: main.tsx's app on react-router's declarative <HashRouter>, the API apps/web uses,
// which leaves out the data router (loaders, actions, fetchers) that createHashRouter brings: some 16 KB gzip.
// bench/suites/web.mjs builds it from index.html with this entry instead of main.tsx and prints its JS beside.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { HashRouter, Link, Route, Routes } from "react-router";

const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <HashRouter>
        <Routes>
          <Route
            path="/"
            element={
              <main>
                <h1>Home</h1>
                <Link to="/about">About</Link>
              </main>
            }
          />
          <Route path="/about" element={<h1>About</h1>} />
        </Routes>
      </HashRouter>
    </StrictMode>,
  );
}
