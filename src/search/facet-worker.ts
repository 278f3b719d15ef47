/**
 * A facet thread (facet-threads.ts): keeps replicas of the index bases' facet data and
 * counts over the docs the main thread sends, with the same code the main thread
 * counts with (facets.ts), so its counts are the ones the main thread would make.
 */
import { parentPort } from 'node:worker_threads';
import { Bitmap } from './bitmap.ts';
import { counterOf, type FacetField } from './facets.ts';
import { disposeFacetReplica, facetReplica } from './facet-replica.ts';
import type { FacetThreadMessage, FacetThreadReply } from './facet-threads.ts';
import type { IndexData, ValueField } from './index-data.ts';

const port = parentPort!;
const replicas = new Map<number, IndexData>();
const reply = (message: FacetThreadReply) => port.postMessage(message);

port.on('message', (message: FacetThreadMessage) => {
  switch (message.kind) {
    case 'add':
      try {
        replicas.set(message.id, facetReplica(message.parts));
        reply({ kind: 'added', id: message.id });
      } catch (error) {
        reply({ kind: 'add-failed', id: message.id, message: (error as Error).message });
      }
      return;
    case 'drop': {
      const replica = replicas.get(message.id);
      replicas.delete(message.id);
      if (replica) disposeFacetReplica(replica);
      return;
    }
    case 'count':
      try {
        const replica = replicas.get(message.id);
        if (!replica) throw new Error(`no replica ${message.id}`);
        const lists = message.needs.map((need) => {
          const docs = Bitmap.deserialize(Buffer.from(need.docs), 'portable');
          try {
            const fields = [...new Set(need.requests.map((r) => r.field))] as FacetField[];
            const counter = counterOf(replica, docs, fields);
            return need.requests.map((r) =>
              r.field === 'salary'
                ? counter.salary()
                : counter.list(r.field as ValueField, r.top, r.extra && new Map(r.extra)),
            );
          } finally {
            docs.dispose();
          }
        });
        reply({ kind: 'counted', request: message.request, lists });
      } catch (error) {
        reply({ kind: 'count-failed', request: message.request, message: (error as Error).message });
      }
  }
});
