// One worker thread's share of the fan-out clients (fanout.mjs). A single thread reading 2,000 sockets queues
// each batch behind its own JSON parsing and would measure itself rather than the server, so the clients are
// spread over a few threads. Messages from the parent: connect, window {start, end}, finish.
import { parentPort, workerData } from "node:worker_threads";
import WebSocket from "ws";

const { url, pairIds, count } = workerData;
const clients = [];
const delays = [];
const seen = new Set();
let window = { start: Number.POSITIVE_INFINITY, end: 0 };
let closed = 0;

function connectOne() {
  const c = { received: 0 };
  clients.push(c);
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    c.ws = ws;
    ws.on("message", (data) => {
      const m = JSON.parse(data.toString());
      if (m.type === "subscribed") resolve();
      if (m.type !== "ticks") return;
      const now = Date.now();
      for (const t of m.ticks) {
        const at = Date.parse(t.at);
        if (at < window.start || at > window.end) continue;
        c.received++;
        seen.add(`${t.pair}@${t.at}`);
        delays.push(now - at);
      }
    });
    ws.on("open", () => ws.send(JSON.stringify({ op: "subscribe", pairs: pairIds })));
    ws.on("error", reject);
    ws.on("close", () => {
      closed++;
    });
  });
}

parentPort.on("message", async (msg) => {
  if (msg.cmd === "connect") {
    for (let i = 0; i < count; i += 100) {
      await Promise.all(Array.from({ length: Math.min(100, count - i) }, connectOne));
    }
    parentPort.postMessage({ connected: clients.length });
  } else if (msg.cmd === "window") {
    window = { start: msg.start, end: msg.end };
  } else if (msg.cmd === "finish") {
    const closedDuring = closed;
    for (const c of clients) c.ws.terminate();
    parentPort.postMessage({
      received: clients.map((c) => c.received),
      delays,
      seen: [...seen],
      closedDuring,
    });
  }
});
