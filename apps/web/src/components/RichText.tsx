import { useLayoutEffect, useRef } from "react";

/**
 * Server HTML, already sanitised by the server, is sanitised again here against the same allow-list before it
 * touches the document (defence in depth: a bug or an old row on the server must not become script here).
 * The nodes are rebuilt one by one; no HTML string is ever assigned to the page.
 */
const TAGS = new Set([
  "P",
  "BR",
  "B",
  "STRONG",
  "I",
  "EM",
  "U",
  "UL",
  "OL",
  "LI",
  "A",
  "H3",
  "H4",
  "BLOCKQUOTE",
  "CODE",
]);
const SCHEMES = /^(https?:|mailto:)/i;

function copySafe(source: Node, into: Node, doc: Document): void {
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      into.appendChild(doc.createTextNode(child.textContent ?? ""));
      continue;
    }
    if (!(child instanceof Element)) continue;
    const tag = child.tagName.toUpperCase();
    if (tag === "SCRIPT" || tag === "STYLE" || tag === "TEMPLATE" || tag === "IFRAME" || tag === "OBJECT") continue;
    if (!TAGS.has(tag)) {
      copySafe(child, into, doc); // unknown wrapper: keep its text, drop the tag
      continue;
    }
    const element = doc.createElement(tag.toLowerCase());
    if (tag === "A") {
      const href = child.getAttribute("href")?.trim() ?? "";
      if (SCHEMES.test(href)) {
        element.setAttribute("href", href);
        element.setAttribute("rel", "noopener noreferrer");
        element.setAttribute("target", "_blank");
      }
      const title = child.getAttribute("title");
      if (title) element.setAttribute("title", title);
    }
    copySafe(child, element, doc);
    into.appendChild(element);
  }
}

export function RichText({ html, className }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const target = ref.current;
    if (!target) return;
    const parsed = new DOMParser().parseFromString(html, "text/html");
    const fragment = document.createDocumentFragment();
    copySafe(parsed.body, fragment, document);
    target.replaceChildren(fragment);
  }, [html]);
  return <div ref={ref} className={className ? `rich-text ${className}` : "rich-text"} />;
}
