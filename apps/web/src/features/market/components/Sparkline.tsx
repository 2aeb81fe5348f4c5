import { startTransition, useEffect, useRef, useState } from "react";
import { SPARKLINE_POINTS as POINTS, useSparklineData } from "../api/get-sparkline";

const WIDTH = 64;
const HEIGHT = 24;

/** True once the element has come within a screen of the viewport (and stays true). */
function useSeen<T extends Element>() {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || seen) return;
    if (typeof IntersectionObserver === "undefined") {
      setSeen(true);
      return;
    }
    // A screen's height below and above: the rows just past the fold join the first read, not one call each.
    const observer = new IntersectionObserver(
      (entries) => {
        // A transition: a screenful of rows turning on their reads renders in slices, not as one long task.
        if (entries.some((entry) => entry.isIntersecting)) startTransition(() => setSeen(true));
      },
      { rootMargin: "100% 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);
  return [ref, seen] as const;
}

export interface SparklineProps {
  pairId: number;
  /** The live price, drawn as the newest point. */
  price: string | null;
}

/**
 * A 24 h trend line for a list row. Its candles load only when the row comes near the screen, together with those
 * of every other row that does so at the same time (one request), and are kept for five minutes.
 */
export function Sparkline({ pairId, price }: SparklineProps) {
  const [ref, seen] = useSeen<HTMLSpanElement>();
  const query = useSparklineData(pairId, POINTS, seen);
  // Numbers only place the points; the prices shown as text stay decimal strings.
  const closes = (query.data ?? []).slice(-POINTS).map((c) => Number(c.c));
  if (price !== null && closes.length > 0) closes[closes.length - 1] = Number(price);
  let path = "";
  let tone = "is-flat";
  if (closes.length > 1) {
    const min = Math.min(...closes);
    const max = Math.max(...closes);
    const span = max - min || 1;
    const step = WIDTH / (closes.length - 1);
    path = closes
      .map((close, i) => `${(i * step).toFixed(1)},${(HEIGHT - 2 - ((close - min) / span) * (HEIGHT - 4)).toFixed(1)}`)
      .join(" ");
    const first = closes[0] ?? 0;
    const last = closes[closes.length - 1] ?? 0;
    tone = last > first ? "is-up" : last < first ? "is-down" : "is-flat";
  }
  return (
    <span ref={ref} className={`sparkline ${tone}`} aria-hidden="true">
      <svg
        width={WIDTH}
        height={HEIGHT}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        focusable="false"
        aria-hidden="true"
        preserveAspectRatio="none"
      >
        {path && <polyline points={path} fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round" />}
      </svg>
    </span>
  );
}
