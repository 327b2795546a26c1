// A plain HTTP server on 127.0.0.1 for the production-flags project: a private address that a link
// preview must never reach. GET /requests reports how many other requests it has received.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    privateServerPort: number;
  }
}

let server: Server;

export async function setup(project: TestProject) {
  let received = 0;
  server = createServer((req, res) => {
    if (req.url === "/requests") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ received }));
      return;
    }
    received++;
    res.writeHead(200, { "content-type": "text/html" });
    res.end("<html><head><title>Internal admin</title></head></html>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  project.provide("privateServerPort", (server.address() as AddressInfo).port);
}

export async function teardown() {
  await new Promise((resolve) => server.close(resolve));
}
