import { connect, createServer, type Server, type Socket } from "node:net";

/** A TCP relay in front of a node that a test can stop and start on the same port: the node "down", then back. */
export interface NodeProxy {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startNodeProxy(targetPort: number): Promise<NodeProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        const upstream = connect(targetPort, "127.0.0.1");
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      s.once("error", reject);
      s.listen(port, "127.0.0.1", () => {
        const address = s.address();
        if (address && typeof address === "object") port = address.port;
        server = s;
        resolve();
      });
    });
  await listen();
  return {
    url: `http://127.0.0.1:${port}`,
    start: listen,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        sockets.clear();
        if (!server) return resolve();
        server.close(() => resolve());
        server = undefined;
      }),
  };
}
