import type { SVGProps } from "react";

export type IconProps = SVGProps<SVGSVGElement>;

/**
 * An icon drawn from one outline on a 48-unit grid, with antd-mobile-icons' props: 1em square (size it with
 * `fontSize`), its class and vertical alignment. Hidden from assistive technology unless a caller names it: the
 * app's icons sit beside their text or inside labelled buttons. components/icons.tsx holds the outlines.
 */
export function icon(d: string, evenOdd?: boolean) {
  return function Icon({ className, style, ...props }: IconProps) {
    return (
      <svg
        width="1em"
        height="1em"
        viewBox="0 0 48 48"
        xmlns="http://www.w3.org/2000/svg"
        aria-hidden="true"
        {...props}
        style={{ verticalAlign: "-0.125em", ...style }}
        className={className ? `antd-mobile-icon ${className}` : "antd-mobile-icon"}
      >
        <path d={d} fill="currentColor" fillRule={evenOdd ? "evenodd" : undefined} />
      </svg>
    );
  };
}
