// The lead-delivery benchmark's outside endpoint: answers every request 200 and counts them;
// tells its parent its port, and the count when asked.
import http from 'node:http';

let received = 0;
const server = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    received++;
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
  });
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
process.on('message', () => process.send({ received }));
process.on('disconnect', () => process.exit(0));
