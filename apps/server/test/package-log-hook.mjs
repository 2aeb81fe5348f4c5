// `node --import ./package-log-hook.mjs`: appends the name of every package the process resolves from node_modules
// to the file PACKAGE_LOG names, one a line: by `import` (a module resolve hook, in the hooks' own thread) and by
// `require` (the bundle's createRequire and the CommonJS libraries it holds). Each thread writes a name once.
import { appendFileSync } from "node:fs";
import Module, { register } from "node:module";
import { isMainThread } from "node:worker_threads";

/** The package of a file of node_modules (the innermost, for a package nested in another's node_modules). */
const packageOf = (location) => /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(location)?.[1];

let logFile;
const logged = new Set();
function note(location) {
  const name = packageOf(location);
  if (!logFile || !name || logged.has(name)) return;
  logged.add(name);
  appendFileSync(logFile, `${name}\n`);
}

export function initialize(data) {
  logFile = data.logFile;
}

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  note(resolved.url);
  return resolved;
}

if (isMainThread) {
  logFile = process.env.PACKAGE_LOG;
  register(import.meta.url, { data: { logFile } });
  // A loaded CommonJS module, not a mere require.resolve (a path asked for is not a library loaded).
  const load = Module._load;
  Module._load = function (request, parent, isMain) {
    const exports = load.call(this, request, parent, isMain);
    try {
      note(Module._resolveFilename(request, parent, isMain));
    } catch {}
    return exports;
  };
}
