// How long one small request waits on a running server: a GET every 25 ms for SECONDS (30), then percentiles. Run it
// against a server started on a new data folder, 10 s after its first answer, to see what the generated history's
// background write costs requests (decision 092); against the same server once the history is complete for the
// baseline.
//   node tools/request-latency.mjs 'http://127.0.0.1:8080/assets/<a small file>.js' [seconds]
const url = process.argv[2];
if (!url) throw new Error("usage: node tools/request-latency.mjs <url> [seconds]");
const seconds = Number(process.argv[3] ?? 30);
const latencies = [];
const end = Date.now() + seconds * 1000;
while (Date.now() < end) {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  latencies.push(performance.now() - started);
  await new Promise((resolve) => setTimeout(resolve, 25));
}
latencies.sort((a, b) => a - b);
const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))].toFixed(1);
console.log(
  `${latencies.length} requests: p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, p99 ${at(0.99)} ms, max ${latencies.at(-1).toFixed(1)} ms; ${latencies.filter((ms) => ms > 50).length} over 50 ms`,
);
