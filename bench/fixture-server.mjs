// A loopback server answering the private-endpoint read with a fixed body, for start-up benchmarks.
import http from 'node:http';
import { readFileSync } from 'node:fs';

const body = readFileSync(new URL('../test/fixtures/private-endpoint.json', import.meta.url));
const server = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
  res.end(body);
});
server.listen(Number(process.argv[2] ?? 0), '127.0.0.1', () => {
  process.stdout.write(`${server.address().port}\n`);
});
