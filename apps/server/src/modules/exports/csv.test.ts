import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./csv";

/** The attacks of issue 38: each would run in a spreadsheet that splits the file on `;`, a tab or `,`. */
const ATTACKS = [
  "0x;=cmd|' /C calc'!A0;",
  'Rejected;=HYPERLINK("http://evil.example","x")',
  "proof unreadable\t=cmd|' /C calc'!A0",
  "Flexible USDT; +cmd|' /C calc'!A0",
  "a,@SUM(1+1)*cmd|' /C calc'!A0",
  "line one\n-2+3+cmd|' /C calc'!A0",
  "line one\r\n=cmd|' /C calc'!A0",
  "=cmd|' /C calc'!A0",
  "\t=cmd|' /C calc'!A0",
  "\r=cmd|' /C calc'!A0",
  ";;=1+1",
];
const SEPARATORS = [",", ";", "\t"] as const;
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A spreadsheet's reading of one line with `separator`: a quote opens a quoted field only at the start of a field
 * (elsewhere it is a character), a doubled quote inside one is a quote; leading spaces are trimmed, as some
 * import dialogs do.
 */
function spreadsheetCells(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  let atStart = true;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && atStart) {
      quoted = true;
      atStart = false;
    } else if (ch === separator) {
      cells.push(cell);
      cell = "";
      atStart = true;
    } else {
      cell += ch;
      atStart = false;
    }
  }
  cells.push(cell);
  return cells.map((c) => c.trimStart());
}

/** Cells of `line` that a spreadsheet splitting on `separator` would run as a formula. */
function runnable(line: string, separator: string): string[] {
  const body = line.endsWith("\r\n") ? line.slice(0, -2) : line;
  // Rows too: a reader that ends a row at any CR or LF inside a quoted cell, or ignores quotes altogether.
  const readings = [
    ...body.split(/\r\n|\r|\n/).flatMap((row) => spreadsheetCells(row, separator)),
    ...body.split(/\r\n|\r|\n/).flatMap((row) => row.split(separator).map((c) => c.replace(/^"/, "").trimStart())),
    ...spreadsheetCells(body, separator),
  ];
  return readings.filter((c) => FORMULA_START.test(c) && !PLAIN_NUMBER.test(c));
}

describe("csvCell", () => {
  it("quotes the txid of issue 38 and neutralises the formula after its semicolon", () => {
    expect(csvCell("0x;=cmd|' /C calc'!A0;")).toBe(`"0x;'=cmd|' /C calc'!A0;"`);
  });

  it("quotes a cell holding any locale's separator, a quote or a line break", () => {
    expect(csvCell("a;b")).toBe('"a;b"');
    expect(csvCell("a\tb")).toBe('"a\tb"');
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("a\nb")).toBe('"a\nb"');
    expect(csvCell("plain text")).toBe("plain text");
  });

  it("neutralises a formula at the start of the cell and after every separator inside it", () => {
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("a;=1+1")).toBe(`"a;'=1+1"`);
    expect(csvCell("a\t+1")).toBe(`"a\t'+1"`);
    expect(csvCell("a,@x")).toBe(`"a,'@x"`);
    expect(csvCell("a\n-x")).toBe(`"a\n'-x"`);
    expect(csvCell("a; =x")).toBe(`"a; '=x"`);
    expect(csvCell("\t=x")).toBe(`"'\t'=x"`);
  });

  it("leaves plain decimal numbers as numbers, alone and between separators", () => {
    for (const n of ["-12.5", "12.5", "0", "-0.000000000000000001"]) expect(csvCell(n)).toBe(n);
    expect(csvCell("1;-2.5")).toBe('"1;-2.5"');
    expect(csvCell(null)).toBe("");
  });

  for (const separator of SEPARATORS) {
    it(`no cell of a line split on ${JSON.stringify(separator)} starts with a formula`, () => {
      for (const attack of ATTACKS) {
        const line = csvLine(["42", attack, "-12.5", attack]);
        expect(runnable(line, separator), JSON.stringify(line)).toEqual([]);
        // A statement's own separator gives the cells back as written.
        if (separator === ",") expect(spreadsheetCells(line.slice(0, -2), ",")[2]).toBe("-12.5");
      }
    });
  }
});
