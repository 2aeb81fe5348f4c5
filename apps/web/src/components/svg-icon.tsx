import type { ReactNode, SVGProps } from "react";

export type IconProps = SVGProps<SVGSVGElement>;

/**
 * An icon on a 48-unit grid with antd-mobile-icons' props: 1em square (size it with `fontSize`), its class and
 * vertical alignment. Hidden from assistive technology unless a caller names it: the app's icons sit beside their
 * text or inside labelled buttons. components/icons.tsx makes one of each with `icon` or `outlineIcon`.
 */
function iconOf(drawing: ReactNode) {
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
        {drawing}
      </svg>
    );
  };
}

/** An icon drawn from its symbol in index.html (components/icons.svg, put there by apps/web/icons.ts). */
export function icon(name: string) {
  return iconOf(<use href={`#icon-${name}`} />);
}

/** An icon drawn from its outline. */
export function outlineIcon(d: string, evenOdd?: boolean) {
  return iconOf(<path d={d} fill="currentColor" fillRule={evenOdd ? "evenodd" : undefined} />);
}
