import { readdirSync } from "node:fs";
import { defineConfig } from "drizzle-kit";

// Every schema file (one or more per module) but index.ts, which re-exports them all for the tests: a new file is
// seen without being listed anywhere.
const folder = "./src/db/schema";
const schema = readdirSync(folder)
  .filter((file) => file.endsWith(".ts") && file !== "index.ts")
  .map((file) => `${folder}/${file}`);

export default defineConfig({ dialect: "postgresql", schema, out: "./src/db/migrations" });
