import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/**
 * Serves the server's embedded database to other local processes (CLI commands)
 * over the PostgreSQL wire protocol, so that there is one database, not one copy per
 * process. Clients connect to a Unix socket beside the data directory (owner-only
 * permissions: PGlite has no passwords), or to a loopback port when that path is too
 * long for a socket name.
 */
export interface EmbeddedEndpoint {
  /** A directory holding `.s.PGSQL.<port>` (Unix socket), or a loopback address. */
  host: string;
  port: number;
}

export interface EmbeddedServer {
  endpoint: EmbeddedEndpoint;
  /** Clients connected now. */
  connections(): number;
  /** Notifications (NOTIFY) committed by socket clients: PGlite hands those only to the socket. */
  onNotification(listener: (channel: string, payload: string) => void): () => void;
  stop(): Promise<void>;
}

/** PGlite's transaction lock: held by its own query(), exec() and transaction(). */
interface PgliteLocks {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
}

/**
 * The socket server's own bookkeeping (@electric-sql/pglite-socket 0.2.11, pinned): which
 * client's message ran last, its connections, and its cleanup of a client that went away.
 */
interface SocketServerInternals {
  queryQueue: { lastHandlerId: number | null; clearTransactionIfNeeded(handlerId: number): Promise<void> };
  handlers: Set<{ handlerId: number; isAttached: boolean }>;
}

function internalsOf(server: PGLiteSocketServer): SocketServerInternals {
  const internals = server as unknown as SocketServerInternals;
  if (
    !(internals.handlers instanceof Set) ||
    typeof internals.queryQueue?.clearTransactionIfNeeded !== 'function'
  )
    throw new Error(
      '@electric-sql/pglite-socket changed: the embedded server cannot tell when a client went away',
    );
  return internals;
}

const SOCKET_PORT = 5432;
/** sun_path holds 108 bytes on Linux, 104 on macOS, with its terminating NUL. */
const MAX_SOCKET_PATH = 100;

// Message types after which a client's exchange with the backend is complete (unless it
// left a transaction block open): a simple query, a Sync, a Terminate, a password, and
// the startup packet (no type byte; its first byte is the high byte of its length, 0).
const ENDS_EXCHANGE = new Set([0x51, 0x53, 0x58, 0x70, 0x00]);
const NOTIFICATION_RESPONSE = 0x41;

/**
 * The socket server runs each client message under PGlite's query lock only, and keeps
 * a socket client's transaction to itself among socket clients; but this process's own
 * queries take PGlite's transaction lock, so without this gate they would run inside a
 * CLI command's open transaction (and commit or roll back with it), or the CLI's
 * statements inside the server's. The gate takes the transaction lock for each client
 * message and keeps it while the client's transaction block, or its extended-protocol
 * exchange (Parse … Sync), is open — one session, one conversation at a time.
 */
class SessionGate {
  private held: (() => void) | null = null;
  /** Called when a client's message leaves the session held for it (see serveEmbedded). */
  onHold: () => void = () => undefined;
  private lastType = -1;
  private pending = Buffer.alloc(0);
  readonly listeners = new Set<(channel: string, payload: string) => void>();

  private readonly db: PGlite;

  constructor(db: PGlite) {
    this.db = db;
  }

  /** The part of PGlite the socket server uses, with the gate in between. */
  facade(): PGlite {
    const db = this.db;
    return {
      waitReady: db.waitReady,
      // The socket server asks this to keep serving the client whose transaction is open.
      isInTransaction: () => this.held !== null,
      runExclusive: <T>(fn: () => Promise<T>) => this.run(fn),
      execProtocolRawStream: (message: Uint8Array, options: { onRawData: (data: Uint8Array) => void }) => {
        this.lastType = message[0] ?? -1;
        this.pending = Buffer.alloc(0);
        return db.execProtocolRawStream(message, {
          ...options,
          onRawData: (data: Uint8Array) => {
            this.tap(data);
            options.onRawData(data);
          },
        });
      },
      // Used only to roll back the open transaction of a client that went away.
      exec: (sql: string) => this.abandon(sql),
    } as unknown as PGlite;
  }

  private acquire(): Promise<() => void> {
    return new Promise((acquired) => {
      void (this.db as unknown as PgliteLocks)._runExclusiveTransaction(
        () => new Promise<void>((release) => acquired(release)),
      );
    });
  }

  private async run<T>(fn: () => Promise<T>): Promise<T> {
    const release = this.held ?? (await this.acquire());
    this.held = null;
    try {
      return await this.db.runExclusive(fn);
    } finally {
      if (this.db.isInTransaction() || !ENDS_EXCHANGE.has(this.lastType)) {
        this.held = release;
        this.onHold();
      } else release();
    }
  }

  isHeld(): boolean {
    return this.held !== null;
  }

  private async abandon(sql: string): Promise<void> {
    const release = this.held;
    if (!release) return; // Nothing of the client's is open: never touch the server's own transaction.
    this.held = null;
    try {
      // Sync first: a client that died mid-exchange (or after an error in one) leaves the
      // backend skipping messages until a Sync.
      const text = Buffer.from(`${sql}\0`);
      const query = Buffer.alloc(5 + text.length);
      query.write('Q', 0);
      query.writeInt32BE(4 + text.length, 1);
      text.copy(query, 5);
      const sync = Buffer.from([0x53, 0, 0, 0, 4]);
      // The replies are dropped here. PGlite hands a raw exchange's output to the last
      // stream's onRawData (the client's socket) if it is not given one: the client, still
      // waiting for its COMMIT when the server stops, then read this ROLLBACK's replies as
      // the COMMIT's success and reported writes that were rolled back.
      const drop = { onRawData: () => undefined };
      await this.db.runExclusive(async () => {
        await this.db.execProtocolRawStream(sync, drop);
        await this.db.execProtocolRawStream(query, drop);
      });
    } finally {
      release();
    }
  }

  /** Picks NotificationResponse messages out of what the backend sends a socket client. */
  private tap(data: Uint8Array): void {
    if (this.listeners.size === 0) return;
    let buf = this.pending.length ? Buffer.concat([this.pending, data]) : Buffer.from(data);
    while (buf.length >= 5) {
      const length = buf.readInt32BE(1);
      if (buf.length < 1 + length) break;
      if (buf[0] === NOTIFICATION_RESPONSE) {
        const body = buf.subarray(9, 1 + length);
        const end = body.indexOf(0);
        const channel = body.subarray(0, end).toString('utf8');
        const payload = body.subarray(end + 1, body.indexOf(0, end + 1)).toString('utf8');
        for (const listener of this.listeners) queueMicrotask(() => listener(channel, payload));
      }
      buf = buf.subarray(1 + length);
    }
    this.pending = Buffer.from(buf);
  }
}

export async function serveEmbedded(db: PGlite, dataDir: string): Promise<EmbeddedServer> {
  const socketDir = `${resolve(dataDir).replace(/[\\/]+$/, '')}.socket`;
  const socketPath = `${socketDir}/.s.PGSQL.${SOCKET_PORT}`;
  const useUnixSocket = Buffer.byteLength(socketPath) <= MAX_SOCKET_PATH && process.platform !== 'win32';
  const gate = new SessionGate(db);
  const options = { db: gate.facade(), maxConnections: 64 };
  let server: PGLiteSocketServer;
  let internals: SocketServerInternals;
  let endpoint: EmbeddedEndpoint;
  if (useUnixSocket) {
    // We hold the directory's lock, so a socket left here is a dead server's.
    rmSync(socketDir, { recursive: true, force: true });
    mkdirSync(socketDir, { mode: 0o700 });
    chmodSync(socketDir, 0o700);
    server = new PGLiteSocketServer({ ...options, path: socketPath });
    internals = internalsOf(server);
    await server.start();
    endpoint = { host: socketDir, port: SOCKET_PORT };
  } else {
    server = new PGLiteSocketServer({ ...options, host: '127.0.0.1', port: 0 });
    internals = internalsOf(server);
    await server.start();
    endpoint = { host: '127.0.0.1', port: Number(server.getServerConn().split(':').pop()) };
  }
  // The socket server rolls back a departed client's open transaction only if that
  // transaction is open when it notices the departure. A client killed (Ctrl-C on a
  // command) while its BEGIN, or the Parse of an exchange, waited behind this process's
  // own transaction (the demo seed, a search index build) was noticed first; its message
  // then ran and left the session held for a client that no longer existed, and every
  // later statement, the server's own included, waited forever. So each time the session
  // is left held, once the socket server has recorded whose it is, that client must
  // still be there; if not, it is cleaned up as on a late departure.
  gate.onHold = () =>
    setImmediate(() => {
      const owner = internals.queryQueue.lastHandlerId;
      if (!gate.isHeld() || owner === null) return;
      for (const handler of internals.handlers) if (handler.handlerId === owner && handler.isAttached) return;
      void internals.queryQueue.clearTransactionIfNeeded(owner).catch(() => undefined);
    });
  return {
    endpoint,
    connections: () => server.getStats().activeConnections,
    onNotification: (listener) => {
      gate.listeners.add(listener);
      return () => gate.listeners.delete(listener);
    },
    stop: async () => {
      await server.stop();
      if (useUnixSocket) rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
