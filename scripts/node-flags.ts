/**
 * V8 flags for every Node process of ours that may run PGlite (the embedded
 * PostgreSQL, compiled to WebAssembly): `npm start`, the CLI, test workers and the
 * processes tests and benchmarks start.
 *
 * `--no-memory-protection-keys`: on CPUs with memory protection keys (AMD EPYC, Intel
 * Xeon), V8 write-protects JIT and WebAssembly code pages and tracks them in a
 * process-wide map; under PGlite's WebAssembly code churn a lookup in that map can
 * miss and V8 aborts the process ("Check failed: jit_page.has_value()", nodejs/node
 * #64500). It happened to `npm start` in CI on such a machine, right after the
 * migrations. Without the flag V8 keeps its other code-space protections; only the
 * per-thread key goes. The flag is refused in NODE_OPTIONS, so it must be on the
 * command line: package.json's scripts carry it, and test/unit/node-flags.test.ts
 * holds them to this list.
 */
export const NODE_FLAGS: readonly string[] = ['--no-memory-protection-keys'];
