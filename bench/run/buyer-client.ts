import http from 'node:http';

/**
 * One buyer's connection to the store, kept alive between calls as a browser keeps it: the
 * purchase's calls go out one after another on the same socket. The tests' `call` opens a
 * connection per call (safe under any load, and no test is about reuse); measured with it, a
 * purchase was as much TCP handshakes and fetch's machinery in this process as the store's work.
 */
export function buyerClient(baseUrl: string, token: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const { hostname, port } = new URL(baseUrl);
  return {
    call(method: string, path: string, json?: unknown): Promise<{ status: number; body: unknown }> {
      const payload = json === undefined ? undefined : JSON.stringify(json);
      return new Promise((resolve, reject) => {
        const req = http.request(
          {
            agent,
            hostname,
            port,
            method,
            path,
            headers: {
              authorization: `Bearer ${token}`,
              origin: baseUrl,
              ...(payload === undefined
                ? {}
                : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => {
              const text = Buffer.concat(chunks).toString('utf8');
              let body: unknown = text;
              try {
                body = JSON.parse(text);
              } catch {
                // not JSON: keep the text
              }
              resolve({ status: res.statusCode ?? 0, body });
            });
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}
export type BuyerClient = ReturnType<typeof buyerClient>;
