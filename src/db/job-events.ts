import pg from 'pg';
import { embeddedServerOf, engineOf, nativePglite, type Orm } from './orm.ts';

export const NEW_JOBS_CHANNEL = 'jobs_new';

export type NewJobsListener = (jobIds: string[]) => void;

export interface JobEvents {
  /** Calls `listener` with the ids of each committed batch of new jobs. Returns an unsubscribe. */
  subscribe(listener: NewJobsListener): () => void;
  close(): Promise<void>;
}

function parsePayload(payload: string | undefined): string[] {
  try {
    const ids = (JSON.parse(payload ?? '{}') as { ids?: unknown }).ids;
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * LISTEN for new-job announcements (ingest's NOTIFY). Every gateway runs one
 * listener on a dedicated connection, so any number of instances see every batch
 * without a broker. On PGlite the one in-process instance delivers them, those of
 * CLI commands writing through the served socket included.
 */
export async function createJobEvents(orm: Orm, databaseUrl: string | null): Promise<JobEvents> {
  const listeners = new Set<NewJobsListener>();
  const emit = (payload: string | undefined) => {
    const ids = parsePayload(payload);
    if (ids.length) for (const l of listeners) l(ids);
  };
  let stop: () => Promise<void>;
  if (engineOf(orm) === 'pglite-served')
    // The served session is the server's; its live events are the server's to deliver.
    throw new Error('live job events come from the server that serves the embedded database');
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    client.on('notification', (msg) => msg.channel === NEW_JOBS_CHANNEL && emit(msg.payload));
    // A lost listener connection must not crash the gateway; the live view just goes quiet.
    client.on('error', () => undefined);
    await client.query(`listen ${NEW_JOBS_CHANNEL}`);
    stop = () => client.end();
  } else {
    const unlisten = await (await nativePglite(orm)).listen(NEW_JOBS_CHANNEL, emit);
    // Batches written by CLI commands through the served socket announce themselves there.
    const untap = embeddedServerOf(orm)?.onNotification(
      (channel, payload) => channel === NEW_JOBS_CHANNEL && emit(payload),
    );
    stop = async () => {
      untap?.();
      await unlisten();
    };
  }
  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => {
      listeners.clear();
      await stop().catch(() => undefined);
    },
  };
}
