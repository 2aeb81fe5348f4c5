import { useEffect, useState } from "react";

export type ChartLibrary = typeof import("lightweight-charts");

/** When the chart library is loaded and the chart made: at once, or on demand (see KlineChart's `library`). */
export type LibraryWhen = "now" | "on-demand";

/**
 * How long after the page's load event (or the chart's mount, if later) a chart made on demand is made anyway, when
 * the browser is idle: the first drawing of lightweight-charts is one task of 70-80 ms at full speed (four times
 * that on a mid-range phone), and a tap on the order bar during the load should not wait behind it.
 */
export const IDLE_AFTER_LOAD_MS = 3_000;
/** requestIdleCallback's bound: made by then even on a page that is never idle. */
const IDLE_TIMEOUT_MS = 2_000;

let loaded: ChartLibrary | null = null;
let loading: Promise<ChartLibrary> | null = null;
function loadLibrary(): Promise<ChartLibrary> {
  loading ??= import("lightweight-charts").then((library) => {
    loaded = library;
    return library;
  });
  return loading;
}

/** The chart library once `wanted` (null until its file has loaded; at once if an earlier chart loaded it). */
export function useChartLibrary(wanted: boolean): ChartLibrary | null {
  const [library, setLibrary] = useState<ChartLibrary | null>(wanted ? loaded : null);
  useEffect(() => {
    if (!wanted || library) return;
    let live = true;
    loadLibrary().then(
      (loadedNow) => live && setLibrary(loadedNow),
      // A failed load (offline, a new deployment's file names): the SVG view stays, and the next chart mounted tries again.
      () => {
        loading = null;
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, library]);
  return library;
}

/**
 * Calls `onIdle` once the page has loaded, `delayMs` have passed since then and since the call started, and the
 * browser is idle (requestIdleCallback; a timer where there is none, as in Safari). Inactive: nothing.
 */
export function useIdleAfterLoad(active: boolean, delayMs: number, onIdle: () => void) {
  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let idle: number | undefined;
    const run = () => onIdle();
    const wait = () => {
      timer = setTimeout(() => {
        if (typeof window.requestIdleCallback === "function")
          idle = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
        else timer = setTimeout(run, 0);
      }, delayMs);
    };
    if (document.readyState === "complete") wait();
    else window.addEventListener("load", wait, { once: true });
    return () => {
      window.removeEventListener("load", wait);
      clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, [active, delayMs, onIdle]);
}
