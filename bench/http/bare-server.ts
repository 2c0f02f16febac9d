// The reference: node:http answering the same JSON as the app's endpoint, nothing else.
import http from 'node:http';

const body = JSON.stringify({ status: 'ok' });
const server = http.createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number };
  process.stdout.write(`running at http://localhost:${address.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
