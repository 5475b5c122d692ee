// The baseline for bench/run.ts: a bare node:http server answering each path with exactly the
// status, headers and bytes the store answered it with (sent over IPC), and nothing else to do.
import http from 'node:http';

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

process.once('message', (routes: Record<string, Answer>) => {
  const answers = new Map(
    Object.entries(routes).map(([url, answer]) => [
      url,
      { ...answer, bytes: Buffer.from(answer.body, 'base64') },
    ]),
  );
  const server = http.createServer((request, response) => {
    const answer = answers.get(request.url ?? '');
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(answer.status, answer.headers);
    response.end(answer.bytes);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  });
  process.on('message', (message) => {
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send?.({ cpu: user + system });
    }
    if (message === 'stop') server.close(() => process.exit(0));
  });
});
