import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { RawEnv } from '../src/config/index.ts';
import { testEnv } from './helper.ts';
import type { TestDatabase } from './test-database.ts';

/**
 * The API as a separate operating-system process (its production build,
 * `node apps/api/dist/server.js`, as `npm start` and the image run it; the
 * global set-up builds it when its sources changed), so a test can kill it with SIGKILL in the middle of a
 * request: no shutdown hook, no rollback from our side, sockets cut as the
 * kernel cuts them. With app.inject's shape over real HTTP (asApp), so the
 * booking-flow fixtures drive it.
 */

const REPOSITORY = fileURLToPath(new URL('../../..', import.meta.url));
/** The build scripts/build-api.mjs keeps fresh (global-setup.ts runs it before any test file). */
export const BUILT_SERVER = fileURLToPath(new URL('../dist/server.js', import.meta.url));
const START_TIMEOUT_MS = 120_000;

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The part of app.inject's answer the fixtures read. */
export interface HttpAnswer {
  statusCode: number;
  body: string;
  json: LightMyRequestResponse['json'];
}

export class ApiProcess {
  private output = '';
  private readonly exited: Promise<number | null>;

  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {
    child.stdout?.on('data', (chunk: Buffer) => this.keep(chunk));
    child.stderr?.on('data', (chunk: Buffer) => this.keep(chunk));
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  /** Starts a replica of the built API on the test database and waits until it answers /api/health. */
  static async start(database: TestDatabase, env: RawEnv = {}): Promise<ApiProcess> {
    const port = await freePort();
    const settings = { ...testEnv(database, { LOG_LEVEL: 'warn', TEST_FAULTS: 'true', HOST: '127.0.0.1', PORT: String(port), ...env }) };
    const childEnv: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
    for (const [name, value] of Object.entries(settings)) if (value !== undefined) childEnv[name] = String(value);
    const child = spawn(process.execPath, ['--enable-source-maps', BUILT_SERVER], { cwd: REPOSITORY, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    const api = new ApiProcess(child, `http://127.0.0.1:${port}`);
    await api.waitUntilReady();
    return api;
  }

  private keep(chunk: Buffer) {
    // The last few kilobytes are enough to say why a start failed.
    this.output = (this.output + chunk.toString()).slice(-8000);
  }

  /** Not yet killed or stopped. */
  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  private async waitUntilReady() {
    const until = Date.now() + START_TIMEOUT_MS;
    let ended = false;
    void this.exited.then(() => (ended = true));
    while (Date.now() < until && !ended) {
      try {
        const response = await fetch(`${this.url}/api/health`);
        if (response.ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    this.child.kill('SIGKILL');
    throw new Error(`The API process did not start:\n${this.output}`);
  }

  /** SIGKILL: the process ends at once, mid-request, with no shutdown of any kind. */
  async kill(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM: the ordinary shutdown (requests finish, the database is closed). */
  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    await this.exited;
  }

  async inject(options: InjectOptions): Promise<HttpAnswer> {
    const headers: Record<string, string> = { ...(options.headers as Record<string, string> | undefined) };
    let body: string | undefined;
    if (options.payload !== undefined) {
      body = typeof options.payload === 'string' ? options.payload : JSON.stringify(options.payload);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${this.url}${options.url as string}`, { method: options.method ?? 'GET', headers, body });
    const text = await response.text();
    return { statusCode: response.status, body: text, json: () => JSON.parse(text) };
  }

  /** The fixtures take an app; over a process only its inject is ever called. */
  get asApp(): FastifyInstance {
    return this as unknown as FastifyInstance;
  }

  /** Where requests are paused by a 'pause' fault (GET /api/testing/faults). */
  async pausedBookings(): Promise<number[]> {
    const answer = await this.inject({ method: 'GET', url: '/api/testing/faults' });
    return (answer.json().data.paused as { booking_id: number }[]).map((at) => at.booking_id);
  }

  /** Runs a background job once on this replica (POST /api/testing/jobs/:job). */
  async runJob(job: 'reconcile' | 'notifications' | 'outbox' | 'holds'): Promise<Record<string, number>> {
    const answer = await this.inject({ method: 'POST', url: `/api/testing/jobs/${job}` });
    if (answer.statusCode !== 200) throw new Error(`Job ${job} answered ${answer.statusCode}: ${answer.body}`);
    return answer.json().data;
  }
}
