import "./lib/zod-jitless";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { installRootFontSize } from "./app/root-font";
import { preloadPage } from "./app/routes";
import { initI18n } from "./lib/i18n";
import { installNetworkStatus } from "./lib/network-status";
import { registerServiceWorker } from "./lib/service-worker";
import { installTheme } from "./lib/theme";
import "./app/styles.css";

installRootFontSize();
installTheme();
installNetworkStatus();
registerServiceWorker();

const root = document.getElementById("root");
if (!root) throw new Error("#root missing from index.html");

// The page's code and its translations download with the app's, rather than one after the other.
const pageNamespace = preloadPage(window.location.hash);
void initI18n(pageNamespace ? [pageNamespace] : []).then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
