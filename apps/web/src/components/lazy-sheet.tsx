import { type ComponentType, lazy, Suspense, useState } from "react";

/**
 * A sheet whose code (antd-mobile's Popup with its animation and gesture libraries, a form with its validators)
 * downloads the first time it opens, not with the screen that offers it (decisions 032, 081). `isOpen` says from
 * the props whether it is open; once opened it stays mounted, so that it can animate closed.
 */
export function lazySheet<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P> {
  const Sheet = lazy(async () => ({ default: await load() }));
  return function LazySheet(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Sheet {...props} />
      </Suspense>
    );
  };
}
