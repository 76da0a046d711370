// The floor of the page measurements (bench/nginxLoad.ts): node:http alone, answering every
// request with the same bytes and headers the app sent for a page, read once from a file.
// Nothing is faster for Node to serve, so "a page at the origin" or "through nginx" is
// measured as a fraction of it. Usage: node bench/floorServer.mjs PORT FILE.json
import fs from 'node:fs';
import http from 'node:http';

const [port, file] = process.argv.slice(2);
const { headers, body } = JSON.parse(fs.readFileSync(file, 'utf8'));
const bytes = Buffer.from(body, 'utf8');
const head = { ...headers, 'content-length': String(bytes.length) };

http
  .createServer((req, res) => {
    res.writeHead(200, head);
    res.end(req.method === 'HEAD' ? undefined : bytes);
  })
  .listen(Number(port), '127.0.0.1', () => console.log(`floor on ${port}`));
