import SchemaBuilder from '@pothos/core';
import DataloaderPlugin from '@pothos/plugin-dataloader';
import RelayPlugin from '@pothos/plugin-relay';
import type { GraphQLContext } from './context.ts';

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
    // Job ids are the same UUIDs as in REST; no global-id wrapping.
    clientMutationId: 'omit',
    cursorType: 'String',
  },
});

builder.queryType({ description: 'Searches over the collected jobs, and the category taxonomy.' });
builder.mutationType({ description: "Changes an organization's administrator makes with an ADMIN key." });
