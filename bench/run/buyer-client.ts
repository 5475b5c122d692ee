import { Client } from 'undici';

/**
 * One buyer's connection to the store, kept alive between calls as a browser keeps it: the
 * purchase's calls go out one after another on the same socket. The tests' `call` opens a
 * connection per call (safe under any load, and no test is about reuse); measured with it, a
 * purchase was as much TCP handshakes and fetch's machinery in this process as the store's work.
 * undici's Client spends about half the CPU per call of node:http's agent: the buyers share the
 * machine's cores with the store and its database, as pgbench's client (in C) barely does.
 */
export function buyerClient(baseUrl: string, token: string) {
  const client = new Client(baseUrl, { pipelining: 1 });
  const headers = { authorization: `Bearer ${token}`, origin: baseUrl };
  const jsonHeaders = { ...headers, 'content-type': 'application/json' };
  return {
    async call(method: string, path: string, json?: unknown): Promise<{ status: number; body: unknown }> {
      const answer = await client.request({
        method: method as 'GET',
        path,
        headers: json === undefined ? headers : jsonHeaders,
        body: json === undefined ? undefined : JSON.stringify(json),
      });
      const text = await answer.body.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      return { status: answer.statusCode, body };
    },
    close: () => client.close(),
  };
}
export type BuyerClient = ReturnType<typeof buyerClient>;
