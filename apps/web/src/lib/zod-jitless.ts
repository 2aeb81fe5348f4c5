// The contract's schemas run in the browser too (the order sheet, the deposit form, the console). zod probes for
// `new Function` to compile fast parsers, and the page's Content-Security-Policy (script-src 'self') forbids eval: the
// probe fails quietly but the browser reports a CSP violation on every load. zod reads its configuration from this
// global when it loads (zod/v4/core/core.js), so setting it here, first thing in main.tsx, needs no zod in the first
// screen's code; zod itself loads only with the chunks that use it.
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
