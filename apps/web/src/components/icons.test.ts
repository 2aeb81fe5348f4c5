import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { iconSprite } from "../../icons";

const source = readFileSync(new URL("./icons.tsx", import.meta.url), "utf8");
const outlineDir = new URL("./outline-icons/", import.meta.url);
/** Each outline icon's module, by its file's name. */
const outlineModules = readdirSync(outlineDir).map((file) => ({
  file: file.replace(/\.tsx$/, ""),
  text: readFileSync(new URL(file, outlineDir), "utf8"),
}));
const exported = [source, ...outlineModules.map(({ text }) => text)].flatMap((text) =>
  [...text.matchAll(/export const (\w+) = /g)].map(([, name]) => name),
);
const bySymbol = [...source.matchAll(/export const (\w+) = \/\* @__PURE__ \*\/ icon\("(\w+)"\)/g)].map(
  ([, name, symbol]) => {
    expect(symbol).toBe(name);
    return name;
  },
);
const byOutline = outlineModules.map(({ file, text }) => {
  const [only, ...others] = [...text.matchAll(/export const (\w+) = \/\* @__PURE__ \*\/ outlineIcon\(\s*"M[^"]+",/g)];
  expect(others).toHaveLength(0);
  expect(only?.[1]).toBe(file);
  return file;
});

/** What the build writes into index.html's body for the icons (apps/web/icons.ts). */
function injected(): string {
  const hook = iconSprite().transformIndexHtml as () => { tag: string; children: string; injectTo: string }[];
  const tags = hook();
  expect(tags).toHaveLength(1);
  const sprite = tags[0] as (typeof tags)[number];
  expect(sprite.tag).toBe("svg");
  expect(sprite.injectTo).toBe("body-prepend");
  return sprite.children;
}

describe("the icons", () => {
  it("are each drawn either from a symbol of index.html or from an outline of their own", () => {
    expect(exported.length).toBeGreaterThan(30);
    expect(bySymbol.length).toBeGreaterThan(0);
    expect(byOutline.length).toBeGreaterThan(0);
    expect([...bySymbol, ...byOutline].sort()).toEqual([...exported].sort());
  });

  it("drawn from an outline stay out of the module the entry imports (decision 098)", () => {
    expect(source).not.toMatch(/outlineIcon\(|from "\.\/outline-icons/);
  });

  it("drawn from a symbol have theirs in index.html, and it holds no other", () => {
    const symbols = [
      ...injected().matchAll(
        /<symbol id="icon-(\w+)" viewBox="0 0 48 48"><path d="[^"]+" fill="currentColor"( fill-rule="evenodd")?\/><\/symbol>/g,
      ),
    ];
    expect(symbols.map(([, name]) => name).sort()).toEqual([...bySymbol].sort());
  });

  it("go into index.html as markup only: no comment, no line break, no nested <svg> to show", () => {
    expect(injected()).not.toMatch(/<!--|\n|<svg/);
  });
});
