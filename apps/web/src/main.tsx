import "./lib/zod-jitless";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/App";
import { preloadPage } from "./app/routes";
import { appStylesheetLoaded, ignoreShellMismatch, SHELL_ATTRIBUTE } from "./app/shell/hydration";
import { dropFirstReads } from "./lib/first-reads";
import { installNetworkStatus } from "./lib/network-status";
import { queryClient } from "./lib/query-client";
import { registerServiceWorker } from "./lib/service-worker";
import { keepShellTexts } from "./lib/shell-texts";
import { installTheme } from "./lib/theme";
import "./app/styles.css";
import "./app/a11y.css";

installTheme();
installNetworkStatus();
registerServiceWorker();
keepShellTexts();

const root = document.getElementById("root");
if (!root) throw new Error("#root missing from index.html");

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// The page's code, its translations and its first reads download with the app's, rather than one after the other,
// asked for in tasks of their own after the one that ran the app's modules (the reads, on a tab with a shell, left
// with the HTML already: shell/first-reads.js; what the app did not take of those is dropped once it has asked). A
// tab's prerendered shell (shell/boot.js put it in #root) stays on the screen and the app hydrates into it, boundary
// by boundary as their code and data arrive; any other page shows index.html's loader until the app draws. Nothing is
// drawn before the app's stylesheet is in (index.html carries only the shells' rules).
void new Promise((resolve) => setTimeout(resolve))
  .then(() => Promise.all([preloadPage(window.location.hash, queryClient), appStylesheetLoaded()]))
  .then(() => {
    dropFirstReads();
    // In a transition, React hydrates and renders in slices of a few milliseconds and yields to the browser between
    // them (a blocking lane would make the whole first commit one task: 100-400 ms at 4x CPU).
    startTransition(() => {
      if (root.hasAttribute(SHELL_ATTRIBUTE)) hydrateRoot(root, app, { onRecoverableError: ignoreShellMismatch });
      else createRoot(root).render(app);
    });
  });
