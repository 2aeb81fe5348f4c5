// How `npm start` starts the server: the `NAME=value` words before `node` in the root package.json's start script (the
// environment, decision 084) and the flags between `node` and the script (node's own, decisions 169 and 170). The
// script `exec`s node, so that the signal npm passes on to its script reaches the server itself. The browser
// tests, the server tests' processes and the server benchmark start the built server with both, as a user does.
import { readFileSync } from "node:fs";

const { scripts } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const words = scripts.start.split(/\s+/);
const assignments = words.slice(0, words.indexOf("node")).filter((word) => word.includes("="));

export const START_ENV = Object.fromEntries(
  assignments.map((word) => {
    const at = word.indexOf("=");
    return [word.slice(0, at), word.slice(at + 1)];
  }),
);

/** Node's flags for the server, e.g. `--liftoff-only`. */
export const START_NODE_ARGS = words.slice(words.indexOf("node") + 1).filter((word) => word.startsWith("-"));
