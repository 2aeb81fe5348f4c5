import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { installRootFontSize } from "./app/root-font";
import { setupAntdMobileRender } from "./lib/antd-render";
import { initI18n } from "./lib/i18n";
import "./app/styles.css";

setupAntdMobileRender();
installRootFontSize();

const root = document.getElementById("root");
if (!root) throw new Error("#root missing from index.html");

void initI18n().then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
