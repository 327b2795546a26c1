// A share of the chat bench's listeners in a worker thread (test/bench/chat.bench.mjs), so that
// receiving and parsing thousands of frames per second is spread over threads instead of queueing in
// the sender's event loop (which would add the bench's own backlog to the measured delivery time).
// Receipt times are on lib's `clock` (one clock across threads); they go back to the main thread once.
import { parentPort, workerData } from "node:worker_threads";
import { openListener } from "./lib.mjs";

const { base, listeners, expectedPerListener } = workerData;
/** received[k] = Map(message index -> receipt time) of listeners[k]. */
const received = listeners.map(() => new Map());
let complete = expectedPerListener.filter((n) => n === 0).length;
const sockets = [];
for (const [k, { groupId, cookie }] of listeners.entries()) {
  sockets.push(
    await openListener(base, groupId, cookie, (message, at) => {
      const index = Number(/^bench #(\d+)$/.exec(message.body)?.[1]);
      if (!Number.isInteger(index) || received[k].has(index)) return;
      received[k].set(index, at);
      if (received[k].size === expectedPerListener[k] && ++complete === listeners.length)
        parentPort.postMessage({ type: "complete" });
    }),
  );
}
parentPort.postMessage({ type: "ready" });
if (complete === listeners.length) parentPort.postMessage({ type: "complete" });
parentPort.on("message", (command) => {
  if (command !== "collect") return;
  for (const ws of sockets) ws.close(1000, "done");
  parentPort.postMessage({ type: "receipts", receipts: received.map((r) => [...r]) });
});
