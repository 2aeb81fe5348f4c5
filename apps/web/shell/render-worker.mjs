// One shell, drawn in a worker thread of its own (shell/render.ts starts one per tab): its globals are a fresh first
// visit's browser (shell/first-visit.mjs) and the app's modules load anew, as a new page would; the thread ends when
// the shell is drawn, with whatever timers and reads the app left waiting.
import { parentPort, workerData } from "node:worker_threads";
import { installFirstVisit } from "./first-visit.mjs";

const { entry, route, signedIn, translationsFolder, locales, withFacts } = workerData;
const reads = [];
installFirstVisit({ route, translationsFolder, locales, reads });
const { renderShell, firstReadsFacts } = await import(entry);
const shell = await renderShell(`#${route}`, signedIn);
const facts = withFacts ? await firstReadsFacts() : null;
parentPort.postMessage({ shell, reads, facts });
