import pg from 'pg';
import { embeddedServerOf, nativePglite, type Orm } from './orm.ts';

/** A lost LISTEN connection is opened again after this long (and again, while the server is down). */
const LISTEN_RETRY_MS = 1000;

export interface ListenOptions {
  /** Called for each NOTIFY on the channel, and once after a lost connection is back (what committed meanwhile). */
  onNotify: () => void;
  onError: (error: unknown, what: string) => void;
  /** Called with false when the connection is lost, and with true once listening (again). */
  onState?: (listening: boolean) => void;
}

/**
 * LISTEN on `channel`: on a dedicated connection to `databaseUrl` (PostgreSQL), or on
 * the one in-process PGlite (which also hands over the NOTIFYs of CLI commands writing
 * through the served socket). A lost connection (the server restarted, a failover)
 * neither crashes the process nor stops the listening for good: it reconnects, then
 * calls `onNotify` once. Returns what stops listening.
 */
export async function listenFor(
  orm: Orm,
  databaseUrl: string | null,
  channel: string,
  options: ListenOptions,
): Promise<() => Promise<void>> {
  if (!databaseUrl) {
    const unlisten = await (await nativePglite(orm)).listen(channel, options.onNotify);
    const untap = embeddedServerOf(orm)?.onNotification((name) => name === channel && options.onNotify());
    options.onState?.(true);
    return async () => {
      untap?.();
      await unlisten();
    };
  }
  let closed = false;
  let client: pg.Client;
  let retry: NodeJS.Timeout | undefined;
  const listen = async (): Promise<pg.Client> => {
    const c = new pg.Client({ connectionString: databaseUrl });
    let listening = false;
    const lost = (error?: unknown) => {
      if (!listening) return; // a failed connect is retried by its caller
      listening = false;
      options.onState?.(false);
      if (error) options.onError(error, 'listener connection lost; reconnecting');
      c.end().catch(() => undefined);
      if (!closed) reconnect();
    };
    c.on('notification', (msg) => msg.channel === channel && options.onNotify());
    c.on('error', lost);
    c.on('end', () => lost());
    try {
      await c.connect();
      await c.query(`listen ${channel}`);
    } catch (error) {
      c.end().catch(() => undefined);
      throw error;
    }
    listening = true;
    return c;
  };
  const reconnect = () => {
    retry = setTimeout(() => {
      listen()
        .then((c) => {
          if (closed) return void c.end().catch(() => undefined);
          client = c;
          options.onState?.(true);
          options.onNotify();
        })
        .catch((error: unknown) => {
          options.onError(error, 'listener reconnect failed; trying again');
          if (!closed) reconnect();
        });
    }, LISTEN_RETRY_MS);
    retry.unref();
  };
  client = await listen();
  options.onState?.(true);
  return async () => {
    closed = true;
    clearTimeout(retry);
    await client.end();
  };
}
