// The floor the protected lesson video is compared with: plain static serving of the same file
// (node:http + a file stream, Content-Length, Range), no framework, no auth. Its own process so it
// does not share an event loop with the load generator. Usage: node static-server.mjs <port> <file>
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';

const [port, file] = process.argv.slice(2);
const size = statSync(file).size;
const server = createServer((request, response) => {
  const match = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
  let start = 0;
  let end = size - 1;
  if (match) {
    if (match[1] === '') start = size - Number(match[2]);
    else {
      start = Number(match[1]);
      if (match[2] !== '') end = Math.min(Number(match[2]), size - 1);
    }
    response.writeHead(206, {
      'content-type': 'video/mp4',
      'content-length': end - start + 1,
      'content-range': `bytes ${start}-${end}/${size}`,
      'accept-ranges': 'bytes',
    });
  } else {
    response.writeHead(200, { 'content-type': 'video/mp4', 'content-length': size, 'accept-ranges': 'bytes' });
  }
  createReadStream(file, { start, end }).pipe(response);
});
server.listen(Number(port), '127.0.0.1', () => console.log('static server ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
