/**
 * The ceiling the throughput bench compares the service with: a bare `node:http` server in its
 * own process answering, for each path, the very bytes the service answered. Reads the answers
 * as JSON on stdin, prints its port.
 */
import { createServer } from 'node:http';
import { text } from 'node:stream/consumers';

const answers = new Map(Object.entries(JSON.parse(await text(process.stdin)) as Record<string, string>));
const server = createServer((request, response) => {
  const body = answers.get(request.url ?? '');
  if (body === undefined) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, {
    'content-type': 'application/json',
    'x-request-id': 'req_00000000000000000000000000000000',
  });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
});
