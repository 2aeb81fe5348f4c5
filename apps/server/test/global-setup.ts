import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** A dump of an empty, migrated PGlite cluster, which every in-memory test database starts from. */
    pgliteTemplate: string;
  }
}

/** Once per run: PGlite creates a cluster in about two seconds, loading a dump of one in about one. */
export default async function setup(project: TestProject) {
  const client = new PGlite();
  await migrate(drizzle(client), { migrationsFolder: path.resolve(import.meta.dirname, "../src/db/migrations") });
  const dump = await client.dumpDataDir("none");
  await client.close();
  const file = path.resolve(import.meta.dirname, "../../../.tmp/pglite-template.tar");
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
}
