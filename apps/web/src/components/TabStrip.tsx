import { type KeyboardEvent, useRef } from "react";

export interface TabStripItem<K extends string> {
  key: K;
  title: string;
}

export interface TabStripProps<K extends string> {
  items: ReadonlyArray<TabStripItem<K>>;
  activeKey: K;
  onChange: (key: K) => void;
  /** Names the list of tabs for screen readers. */
  label: string;
  className?: string;
}

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * A row of tabs that switch what is shown below it, looking like antd-mobile's Tabs header. Drawn with CSS
 * (styles.css): antd-mobile's Tabs brings its animation library and measures every tab in a layout effect and on
 * every change to its titles, a forced layout of 50 ms on Markets' first render here (decision 036). The WAI-ARIA
 * tabs pattern: one tab in the Tab order, arrow keys, Home and End move and select.
 */
export function TabStrip<K extends string>({ items, activeKey, onChange, label, className }: TabStripProps<K>) {
  const tabs = useRef(new Map<K, HTMLButtonElement>());

  const select = (key: K) => {
    if (key !== activeKey) onChange(key);
    tabs.current.get(key)?.scrollIntoView({ block: "nearest", inline: "nearest" });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = MOVES[event.key];
    const index = items.findIndex((item) => item.key === activeKey);
    if (!move || index < 0) return;
    event.preventDefault();
    const next = items[move(index, items.length)];
    if (!next) return;
    select(next.key);
    tabs.current.get(next.key)?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label={label}
      className={className ? `tab-strip ${className}` : "tab-strip"}
      onKeyDown={onKeyDown}
    >
      {items.map((item) => {
        const active = item.key === activeKey;
        return (
          <button
            key={item.key}
            ref={(node) => {
              if (node) tabs.current.set(item.key, node);
              else tabs.current.delete(item.key);
            }}
            type="button"
            role="tab"
            aria-selected={active}
            tabIndex={active ? 0 : -1}
            className={active ? "tab-strip__tab tab-strip__tab--active" : "tab-strip__tab"}
            onClick={() => select(item.key)}
          >
            <span className="tab-strip__title">{item.title}</span>
          </button>
        );
      })}
    </div>
  );
}
