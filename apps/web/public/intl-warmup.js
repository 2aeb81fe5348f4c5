// Put inline into index.html's <head> by the build. The first Intl number or date format in a renderer process loads
// ICU's data and builds V8's locale tables: 30-120 ms here, four times that on a slow phone, and paid on the main
// thread it was the first visit's longest task (decision 091). Those tables are the process's, and a dedicated worker
// runs in its page's process: built there, on the worker's thread while the app's code downloads, they leave the
// page's first format 0.1-2 ms (Chromium). Where a browser keeps them per thread the worker is wasted and the app's
// first format pays, as it would without it. The CSP allows blob: workers for this (apps/server security plugin).
try {
  const code =
    "new Intl.NumberFormat().format(1);new Intl.DateTimeFormat(undefined,{dateStyle:'medium'}).format(0);postMessage(0)";
  const url = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
  const worker = new Worker(url);
  const done = () => {
    worker.terminate();
    URL.revokeObjectURL(url);
  };
  worker.onmessage = done;
  worker.onerror = done;
} catch {
  // No workers, no Blob or no Intl: nothing to warm, the app formats as it would anyway.
}
