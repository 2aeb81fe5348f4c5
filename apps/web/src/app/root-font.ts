import { MAX_DEVICE_WIDTH, ROOT_FONT_DIVISOR } from "@cryptos/contract";

/** Root font size = viewport width / 23.4375 (16 px at the 375 px base), capped at a 960 px device width. */
export function rootFontSize(viewportWidth: number): number {
  return Math.min(viewportWidth, MAX_DEVICE_WIDTH) / ROOT_FONT_DIVISOR;
}

export function installRootFontSize(): void {
  const apply = () => {
    document.documentElement.style.fontSize = `${rootFontSize(window.innerWidth)}px`;
  };
  apply();
  window.addEventListener("resize", apply);
  window.addEventListener("orientationchange", apply);
}
