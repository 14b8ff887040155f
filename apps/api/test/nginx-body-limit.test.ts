import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../src/app.ts';
import { PICTURE_UPLOAD_BODY_LIMIT_BYTES } from '../src/modules/catalogue/pictures/routes.ts';
// @ts-expect-error: a plain .mjs script of the repository, without types
import { ensureNginx, renderClusterConfig } from '../../../scripts/lib/nginx.mjs';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** What the API answers a body over its limit (plugins/errors.ts): nginx must say the same. */
const tooLarge = (limit: number) => ({
  error: { code: 'PAYLOAD_TOO_LARGE', message: `The request body is too large: this call takes at most ${limit / 1024} KB.` },
});
const TOO_LARGE = tooLarge(BODY_LIMIT_BYTES);
/** A tour picture upload carries its file (issue 27): its path alone takes the upload's limit. */
const PICTURE_UPLOAD_PATH = '/api/staff/tours/MHW-VIE/pictures';

/**
 * nginx in front of the API refuses bodies at the API's own limit (issue 24:
 * its comment said 1 MiB while the API takes 64 KiB), in the API's JSON
 * envelope, and lets every body the API takes through. Both lanes: no database.
 */
describe("nginx's body limit is the API's", () => {
  it('is written as BODY_LIMIT_BYTES in both configurations, with a comment that says so', () => {
    for (const file of ['deploy/nginx/nginx.conf', 'deploy/nginx/cluster.conf.template']) {
      const conf = readFileSync(join(ROOT, file), 'utf8');
      expect(conf.match(/client_max_body_size (\S+);/g), file).toEqual([
        `client_max_body_size ${BODY_LIMIT_BYTES / 1024}k;`,
        `client_max_body_size ${PICTURE_UPLOAD_BODY_LIMIT_BYTES / 1024}k;`,
      ]);
      expect(conf, file).toContain(`# The API refuses bodies over ${BODY_LIMIT_BYTES / 1024} KiB`);
      expect(conf, file).toContain(`${PICTURE_UPLOAD_BODY_LIMIT_BYTES / 1024} KiB (PICTURE_UPLOAD_BODY_LIMIT_BYTES`);
      expect(conf, file).not.toMatch(/1 MiB/);
      const refusals = [...conf.matchAll(/return 413 '([^']+)';/g)].map((match) => JSON.parse(match[1]!));
      expect(refusals, file).toEqual([tooLarge(PICTURE_UPLOAD_BODY_LIMIT_BYTES), TOO_LARGE]);
    }
  });

  describe('the cluster configuration, run', () => {
    let dir: string;
    let upstream: Server;
    let nginx: ChildProcess;
    let origin: string;
    const reached: number[] = [];

    const freePort = () =>
      new Promise<number>((resolve) => {
        const probe = createServer().listen(0, '127.0.0.1', () => {
          const { port } = probe.address() as AddressInfo;
          probe.close(() => resolve(port));
        });
      });

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'tours-nginx-limit-'));
      // As root nginx's workers run as nobody (as in start-cluster.mjs): they must reach the temporary folders.
      if (process.getuid?.() === 0) chmodSync(dir, 0o711);
      mkdirSync(join(dir, 'temp'));
      // A stand-in replica that records the size of every body that reaches it.
      upstream = createServer((request, response) => {
        let size = 0;
        request.on('data', (chunk: Buffer) => (size += chunk.length));
        request.on('end', () => {
          reached.push(size);
          response.writeHead(201, { 'content-type': 'application/json' }).end('{"data":{}}');
        });
      });
      await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
      const replica = `127.0.0.1:${(upstream.address() as AddressInfo).port}`;
      const port = await freePort();
      origin = `http://127.0.0.1:${port}`;
      writeFileSync(join(dir, 'cluster.conf'), renderClusterConfig({ listen: `127.0.0.1:${port}`, replicas: [{ name: 'api-1', address: replica }] }));
      nginx = spawn(ensureNginx(), ['-p', `${dir}/`, '-c', join(dir, 'cluster.conf'), '-e', 'stderr'], { stdio: 'ignore' });
      const deadline = Date.now() + 20_000;
      for (;;) {
        const ready = await fetch(`${origin}/api/health`).then(
          () => true,
          () => false,
        );
        if (ready) break;
        if (Date.now() > deadline) throw new Error('nginx did not start');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }, 30_000);

    afterAll(async () => {
      nginx?.kill('SIGQUIT');
      await new Promise<void>((resolve) => (nginx?.exitCode !== null ? resolve() : nginx.once('exit', () => resolve())));
      await new Promise<void>((resolve) => upstream?.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    });

    const post = (bytes: number) =>
      fetch(`${origin}/api/bookings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: `"${'x'.repeat(bytes - 2)}"` });

    it('passes a body of exactly the limit to the API, and refuses one byte more itself, in the API’s words', async () => {
      reached.length = 0;
      expect((await post(BODY_LIMIT_BYTES)).status).toBe(201);
      expect(reached).toEqual([BODY_LIMIT_BYTES]);

      const refused = await post(BODY_LIMIT_BYTES + 1);
      expect(refused.status).toBe(413);
      expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await refused.json()).toEqual(TOO_LARGE);
      expect(reached).toEqual([BODY_LIMIT_BYTES]);
    });

    it("lets a picture upload's body through up to its own limit, on its path only", async () => {
      reached.length = 0;
      const upload = (bytes: number, path = PICTURE_UPLOAD_PATH) => fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: Buffer.alloc(bytes, 0x61) });
      expect((await upload(PICTURE_UPLOAD_BODY_LIMIT_BYTES)).status).toBe(201);
      expect(reached).toEqual([PICTURE_UPLOAD_BODY_LIMIT_BYTES]);
      const refused = await upload(PICTURE_UPLOAD_BODY_LIMIT_BYTES + 1);
      expect(refused.status).toBe(413);
      expect(await refused.json()).toEqual(tooLarge(PICTURE_UPLOAD_BODY_LIMIT_BYTES));
      // Another call under the same prefix keeps the API's usual limit.
      expect((await upload(BODY_LIMIT_BYTES + 1, '/api/staff/tours/MHW-VIE/pictures/order')).status).toBe(413);
      expect(reached).toEqual([PICTURE_UPLOAD_BODY_LIMIT_BYTES]);
    });
  });
});
