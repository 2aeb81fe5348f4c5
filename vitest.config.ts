import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const serverTests = ["apps/server/src/**/*.test.ts", "apps/server/test/**/*.test.ts"];

/**
 * Files that take a minute or more, longest first (measured: the crash tests 100-310 s, fuzzing 80-160 s, the CLI
 * 65 s, failover 42 s; backups: two servers and nine CLI runs, about 56 s of CPU). Vitest queues one project after
 * the other and, with no cache as in CI, larger files first:
 * the PostgreSQL crash tests started last and two workers ended on them alone for five of fifteen minutes.
 */
const LONGEST_FIRST = [
  /\/updown-crash\.test\.ts$/,
  /\/funds-crash\.test\.ts$/,
  /\/fuzz\.test\.ts$/,
  /\/staking-crash\.test\.ts$/,
  /\/backup\.test\.ts$/,
  /\/cli\.test\.ts$/,
  /\/two-instance-failover\.test\.ts$/,
  /\/ws-fuzz\.test\.ts$/,
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.findIndex((pattern) => pattern.test(file.moduleId));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    const sorted = await super.sort(files);
    return sorted
      .map((file, order) => ({ file, order }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order)
      .map(({ file }) => file);
  }
}

/**
 * Unit tests, and the API tests twice: on PGlite and on the PostgreSQL at 127.0.0.1:5432. The API test files run
 * without isolation (a worker imports the server once, not once a file: about 3.5 s a file); each opens its own
 * database and app, and none keeps state in a module, so sharing the module graph changes nothing they see.
 */
export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker; these files mostly wait on PostgreSQL and their own server
    // processes, so two at a time take 8.7 minutes instead of 11.4 (each file has its own database).
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
    projects: [
      { test: { name: "contract", include: ["packages/contract/src/**/*.test.ts"] } },
      { test: { name: "i18n", include: ["packages/i18n/src/**/*.test.ts"] } },
      // The import rules of scripts/test.sh, each shown failing on a planted violation (about 5 s, most of it loading TypeScript).
      { test: { name: "boundaries", include: ["scripts/**/*.test.ts"], testTimeout: 30_000 } },
      {
        resolve: { alias: { "@/": fileURLToPath(new URL("./apps/web/src/", import.meta.url)) } },
        test: { name: "web", include: ["apps/web/src/**/*.test.ts"], exclude: ["apps/web/src/**/*.dom.test.ts"] },
      },
      {
        // Component and DOM tests (Testing Library, the hash history) in happy-dom: the app's fetch talks to a real server on 127.0.0.1
        // (apps/web/src/test/api-server.ts), which also serves the translations from src/locales.
        resolve: { alias: { "@/": fileURLToPath(new URL("./apps/web/src/", import.meta.url)) } },
        define: { __TRANSLATIONS__: JSON.stringify("/translations") },
        test: {
          name: "web-dom",
          include: ["apps/web/src/**/*.dom.test.tsx", "apps/web/src/**/*.dom.test.ts"],
          environment: "happy-dom",
          // One import of React and antd-mobile per worker, not per file (they are most of the time); each file starts
          // its own server and renders into a clean document.
          isolate: false,
          setupFiles: ["apps/web/src/test/setup-dom.ts"],
          // Typing and rendering on two busy cores: under the suite's load one test took 11.5 s (alone, under 1 s).
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "server-pglite",
          isolate: false,
          include: serverTests,
          globalSetup: ["apps/server/test/global-setup.ts"],
          env: { TEST_DB: "pglite" },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "server-postgres",
          isolate: false,
          include: serverTests,
          env: { TEST_DB: "postgres" },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
