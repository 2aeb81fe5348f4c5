import { config } from "zod/v4/core";

// The contract's schemas run in the browser too (the live socket parses its frames). zod probes for `new Function`
// to compile fast parsers, and the page's Content-Security-Policy (script-src 'self') forbids eval: the probe
// fails quietly but the browser reports a CSP violation on every load. Imported first by main.tsx, before any
// schema is built.
config({ jitless: true });
