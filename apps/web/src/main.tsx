import "./lib/zod-jitless";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { installRootFontSize } from "./app/root-font";
import { preloadPage } from "./app/routes";
import { installNetworkStatus } from "./lib/network-status";
import { queryClient } from "./lib/query-client";
import { registerServiceWorker } from "./lib/service-worker";
import { installTheme } from "./lib/theme";
import "./app/styles.css";

installRootFontSize();
installTheme();
installNetworkStatus();
registerServiceWorker();

const root = document.getElementById("root");
if (!root) throw new Error("#root missing from index.html");

// The page's code, its translations and its first reads download with the app's, rather than one after the other.
// index.html's loader shows until the translations are in and the app draws.
void preloadPage(window.location.hash, queryClient).then(() => {
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
