import SchemaBuilder from '@pothos/core';
import DataloaderPlugin from '@pothos/plugin-dataloader';
import RelayPlugin from '@pothos/plugin-relay';
import type { GraphQLContext } from './context.ts';
import { decodeNodeId, encodeNodeId, MAX_NODE_IDS } from './node-id.ts';
import { invalidParameter } from '../domain/errors.ts';

/**
 * The one Pothos builder (plugin types are global augmentations). It defines no
 * types itself; each file in schema/ adds one.
 */
export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  Scalars: { DateTime: { Input: Date; Output: Date | string } };
  DefaultFieldNullability: false;
}>({
  plugins: [RelayPlugin, DataloaderPlugin],
  defaultFieldNullability: false,
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
    // Node ids are the jobs' UUIDs, the same as in REST: no base64 "Job:…" wrapping (node-id.ts).
    encodeGlobalID: encodeNodeId,
    decodeGlobalID: decodeNodeId,
    nodeTypeOptions: {
      description: 'An object that can be fetched again by its globally unique id (Relay).',
    },
    idFieldOptions: { description: 'Globally unique id: for a Job, its UUID, the same as in REST.' },
    nodeQueryOptions: {
      description:
        'One object by its Node id; null when there is none. A malformed id is an invalid_parameter error.',
      args: { id: { description: 'A Node id: a job’s UUID.' } },
    },
    nodesQueryOptions: {
      description:
        'Objects by Node id, in the order asked, null for each unknown id; batched into one lookup. A malformed id is an invalid_parameter error.',
      args: { ids: { description: `Node ids: jobs’ UUIDs (at most ${MAX_NODE_IDS}).` } },
      // As many as a page holds, like every list argument (issue 10, item 5).
      resolve: (_root, args, _ctx, _info, resolveNodes) => {
        if (args.ids.length > MAX_NODE_IDS)
          throw invalidParameter('ids', `ids must hold at most ${MAX_NODE_IDS} ids`);
        return resolveNodes(args.ids);
      },
    },
  },
});

builder.queryType({ description: 'Searches over the collected jobs, and the category taxonomy.' });
builder.mutationType({ description: "Changes an organization's administrator makes with an ADMIN key." });
