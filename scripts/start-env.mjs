// The environment `npm start` gives the server: the `NAME=value` words before `node` in the root package.json's start
// script. The browser tests and the server benchmark start the built server with it too, so they run it as a user
// does (decision 084).
import { readFileSync } from "node:fs";

const { scripts } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const words = scripts.start.split(/\s+/);
const assignments = words.slice(0, words.indexOf("node"));

export const START_ENV = Object.fromEntries(
  assignments.map((word) => {
    const at = word.indexOf("=");
    return [word.slice(0, at), word.slice(at + 1)];
  }),
);
