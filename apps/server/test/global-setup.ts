import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { dumpMigratedPglite } from "../src/db/client";

declare module "vitest" {
  export interface ProvidedContext {
    /** A dump of an empty, migrated PGlite cluster, which every in-memory test database starts from. */
    pgliteTemplate: string;
  }
}

/** Once per run: PGlite creates a cluster in about two seconds, loading a dump of one in about one. */
export default async function setup(project: TestProject) {
  const dump = await dumpMigratedPglite();
  const file = path.resolve(import.meta.dirname, "../../../.tmp/pglite-template.tar");
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
}
