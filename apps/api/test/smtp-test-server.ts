import type { AddressInfo, Socket } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * What the server does with one connection (one attempt: the adapter opens
 * a connection per message):
 * - accept: takes the message (250);
 * - temporary: refuses it for now at the end of the data (451);
 * - rejected-recipient: refuses its recipients for good (550 on RCPT TO);
 * - rejected-message: refuses the message for good at the end of the data (554);
 * - drop: cuts the connection in the middle of the message;
 * - stall: says nothing for longer than the client's greeting timeout;
 * - slow: takes the message, after a pause shorter than the client's timeouts.
 */
export type Behaviour = 'accept' | 'temporary' | 'rejected-recipient' | 'rejected-message' | 'drop' | 'stall' | 'slow';

export interface ReceivedMail {
  parsed: ParsedMail;
  raw: Buffer;
  envelope: { from: string; to: string[] };
  /** The message came over TLS (STARTTLS). */
  secure: boolean;
  user: string | undefined;
}

export interface TestSmtpServer {
  readonly port: number;
  /** Messages the server took (answered 250), in order. */
  readonly received: ReceivedMail[];
  /** Connections so far: one per attempt. */
  readonly connections: number;
  /** The next connections get these behaviours in turn, then `otherwise`. */
  next(...behaviours: Behaviour[]): void;
  /** What every connection gets once the queue is empty (accept to begin with). */
  otherwise(behaviour: Behaviour): void;
  close(): Promise<void>;
}

export interface TestSmtpServerOptions {
  /** STARTTLS (smtp-server's own self-signed certificate) and a sign-in with these credentials, both required. */
  tls?: { user: string; pass: string };
  /** How long 'stall' and 'slow' wait, in ms. */
  stallMs?: number;
  slowMs?: number;
}

const smtpError = (responseCode: number, message: string) => Object.assign(new Error(message), { responseCode });

/** A real SMTP server on 127.0.0.1 (the smtp-server package), told how to behave connection by connection. */
export async function startTestSmtpServer(options: TestSmtpServerOptions = {}): Promise<TestSmtpServer> {
  // A stall lasts well past the client's greeting timeout (2 s in smtp-delivery.test.ts), which is kept long enough for a loaded CI machine.
  const { stallMs = 5_000, slowMs = 300 } = options;
  const received: ReceivedMail[] = [];
  const queue: Behaviour[] = [];
  let fallback: Behaviour = 'accept';
  let connections = 0;
  const behaviourOf = new Map<string, Behaviour>();
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => (timers.delete(timer), resolve()), ms);
      timers.add(timer);
    });

  const server = new SMTPServer({
    disableReverseLookup: true,
    logger: false,
    ...(options.tls
      ? {
          authMethods: ['PLAIN', 'LOGIN'],
          onAuth(auth, _session, callback) {
            if (auth.username === options.tls!.user && auth.password === options.tls!.pass) return callback(null, { user: auth.username });
            return callback(smtpError(535, 'Authentication failed'));
          },
        }
      : { disabledCommands: ['STARTTLS', 'AUTH'], authOptional: true }),
    onConnect(session, callback) {
      connections += 1;
      const behaviour = queue.shift() ?? fallback;
      behaviourOf.set(session.id, behaviour);
      if (behaviour === 'stall') void wait(stallMs).then(() => callback());
      else callback();
    },
    onRcptTo(_address, session, callback) {
      if (behaviourOf.get(session.id) === 'rejected-recipient') return callback(smtpError(550, '5.1.1 Mailbox unavailable'));
      return callback();
    },
    onData(stream, session, callback) {
      const behaviour = behaviourOf.get(session.id);
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        if (behaviour === 'drop') {
          for (const socket of sockets) if (socket.remotePort === session.remotePort) socket.destroy();
        }
      });
      stream.on('end', async () => {
        if (behaviour === 'drop') return;
        if (behaviour === 'temporary') return callback(smtpError(451, '4.3.0 Try again later'));
        if (behaviour === 'rejected-message') return callback(smtpError(554, '5.6.0 Message refused'));
        if (behaviour === 'slow') await wait(slowMs);
        const raw = Buffer.concat(chunks);
        received.push({
          raw,
          parsed: await simpleParser(raw),
          envelope: { from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((rcpt) => rcpt.address) },
          secure: session.secure,
          user: session.user as string | undefined,
        });
        return callback();
      });
    },
  });
  server.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    port,
    received,
    get connections() {
      return connections;
    },
    next: (...behaviours) => void queue.push(...behaviours),
    otherwise: (behaviour) => void (fallback = behaviour),
    async close() {
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
