import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// Testing Library unmounts after each test only where the test functions are globals; here they are imported. A
// setup file runs for every test file, also where the modules are shared (isolate: false).
afterEach(cleanup);
