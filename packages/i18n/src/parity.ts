import { PLURAL_SUFFIXES, placeholdersOf, pluralCategories } from "./index";

/** Every text of a catalogue by its dotted path (`funds.withdraw_fee`, `seed.help.body.0`). */
function leaves(tree: unknown, prefix = "", out = new Map<string, string>()): Map<string, string> {
  if (typeof tree === "string") out.set(prefix, tree);
  else if (typeof tree === "object" && tree !== null) {
    for (const [key, value] of Object.entries(tree)) leaves(value, prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
}

const SUFFIX = new RegExp(`_(${PLURAL_SUFFIXES.join("|")})$`);

interface Entry {
  /** The plural forms present, or null for a text without plural forms. */
  forms: Set<string> | null;
  placeholders: Set<string>;
  /** The HTML tags, in order, of each text (help pages keep the English markup piece for piece). */
  tags: string[];
}

/** The catalogue's texts by key, plural forms folded into one entry (`code_wait_one` + `_other` = `code_wait`). */
function entries(tree: unknown): Map<string, Entry> {
  const byKey = new Map<string, Entry>();
  for (const [path, text] of leaves(tree)) {
    const match = SUFFIX.exec(path);
    const key = match ? path.slice(0, match.index) : path;
    let entry = byKey.get(key);
    if (!entry) {
      entry = { forms: match ? new Set() : null, placeholders: new Set(), tags: [] };
      byKey.set(key, entry);
    }
    if (match) entry.forms?.add(match[1] as string);
    for (const name of placeholdersOf(text)) entry.placeholders.add(name);
    if (!match) entry.tags.push(...(text.match(/<\/?[a-z][a-z0-9]*/gi) ?? []));
  }
  return byKey;
}

const same = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((x) => b.has(x));
const list = (set: Set<string>) => [...set].sort().join(", ") || "none";

/**
 * What `target` (a catalogue in `language`) lacks or has wrong against the English `source`: a missing or extra
 * key, a text whose placeholders differ, a plural text without exactly the forms its language needs (its CLDR
 * categories, plus an optional `_zero`), HTML markup that differs. Empty when the catalogues agree.
 */
export function catalogueProblems(source: unknown, target: unknown, language: string): string[] {
  const problems: string[] = [];
  const expected = entries(source);
  const actual = entries(target);
  const needed = new Set<string>(pluralCategories(language));
  for (const [key, want] of expected) {
    const got = actual.get(key);
    if (!got) {
      problems.push(`${language}: ${key} is missing`);
      continue;
    }
    if (want.forms && got.forms) {
      const forms = new Set([...got.forms].filter((form) => form !== "zero"));
      if (!same(forms, needed)) {
        problems.push(`${language}: ${key} has plural forms ${list(forms)}, the language needs ${list(needed)}`);
      }
    } else if (want.forms || got.forms) {
      problems.push(`${language}: ${key} must ${want.forms ? "" : "not "}have plural forms, as in English`);
    }
    if (!same(want.placeholders, got.placeholders)) {
      problems.push(
        `${language}: ${key} has placeholders ${list(got.placeholders)}, English ${list(want.placeholders)}`,
      );
    }
    if (want.tags.join() !== got.tags.join()) problems.push(`${language}: ${key} has other HTML markup than English`);
  }
  for (const key of actual.keys()) if (!expected.has(key)) problems.push(`${language}: ${key} is not in English`);
  return problems;
}
