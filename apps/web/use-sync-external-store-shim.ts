// What `use-sync-external-store/shim` gives a React without the hook (before 18), from this app's React 19, which has
// it: wouter and antd-mobile import the shim, whose CommonJS module and fallback were 0.3 KB gzip of the entry.
export { useSyncExternalStore } from "react";
