import { formatClock } from "../hooks/useNow";

export interface CountdownRingProps {
  /** Seconds left. */
  remaining: number;
  /** The order's whole term in seconds. */
  total: number;
  size?: number;
  label: string;
}

/** A ring that empties as the settlement time approaches, with mm:ss in the middle. */
export function CountdownRing({ remaining, total, size = 120, label }: CountdownRingProps) {
  const stroke = 8;
  const r = (size - stroke) / 2;
  const circumference = 2 * Math.PI * r;
  const share = total > 0 ? Math.min(1, remaining / total) : 0;
  return (
    <div className="updown-ring" role="timer" aria-label={label} style={{ width: size, height: size }}>
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden="true">
        <circle cx={size / 2} cy={size / 2} r={r} className="updown-ring__track" strokeWidth={stroke} fill="none" />
        <circle
          cx={size / 2}
          cy={size / 2}
          r={r}
          className="updown-ring__bar"
          strokeWidth={stroke}
          fill="none"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - share)}
          transform={`rotate(-90 ${size / 2} ${size / 2})`}
        />
      </svg>
      <span className="updown-ring__time">{formatClock(remaining)}</span>
    </div>
  );
}
