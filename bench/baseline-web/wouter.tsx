// The web bench's second baseline: main.tsx's app on the router apps/web uses, wouter's matching and links over a
// hash address (decision 098), without react-router.
// bench/suites/web.mjs builds it from index.html with this entry instead of main.tsx and prints its JS beside.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Link, Route, Router, Switch } from "wouter";
import { useHashLocation } from "wouter/use-hash-location";

const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Router hook={useHashLocation}>
        <Switch>
          <Route path="/">
            <main>
              <h1>Home</h1>
              <Link to="/about">About</Link>
            </main>
          </Route>
          <Route path="/about">
            <h1>About</h1>
          </Route>
        </Switch>
      </Router>
    </StrictMode>,
  );
}
