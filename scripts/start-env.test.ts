import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { START_ENV, START_NODE_ARGS } from "./start-env.mjs";

/**
 * `npm start` (the root package.json) and the production unit (deploy/cryptos@.service) start the same server the same
 * way: the allocator's setting (decision 084) and node's flags (decision 169) live in both, and drift between them
 * would make production a server nobody measured.
 */
const unit = readFileSync(new URL("../deploy/cryptos@.service", import.meta.url), "utf8");

describe("how the server starts", () => {
  it("with PGlite's WebAssembly kept at V8's baseline tier (decision 169)", () => {
    expect(START_NODE_ARGS).toEqual(["--liftoff-only"]);
  });

  it("with the same node flags in npm start and in the systemd unit", () => {
    const execStart = /^ExecStart=(\S+) (.*) apps\/server\/dist\/main\.js$/m.exec(unit);
    expect(execStart?.[1]).toBe("/usr/bin/node");
    expect(execStart?.[2]?.split(" ")).toEqual(START_NODE_ARGS);
  });

  it("with the same allocator environment in npm start and in the systemd unit", () => {
    const environment = /^Environment=(.*)$/m.exec(unit)?.[1]?.split(" ") ?? [];
    for (const [name, value] of Object.entries(START_ENV)) expect(environment).toContain(`${name}=${value}`);
  });
});
