import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { setLanguage } from "./lib/strings";

setLanguage(navigator.language);
// Ask the browser to keep our offline data under storage pressure (the PWA works offline).
void navigator.storage?.persist?.();

const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
