import { graphql } from './gql/gql.ts';

/**
 * The settings view's operations: an organization's administrator lists, creates, rotates
 * and revokes its keys with an ADMIN key in X-API-Key. Secrets appear only in the
 * create and rotate payloads.
 */
export const ApiKeysQuery = graphql(`
  query ApiKeys {
    apiKeys {
      ...ApiKeyFields
    }
  }
`);

export const ApiKeyFieldsFragment = graphql(`
  fragment ApiKeyFields on ApiKey {
    id
    prefix
    name
    scope
    status
    createdAt
    expiresAt
    lastUsedAt
    replacedByPrefix
  }
`);

export const CreateApiKeyMutation = graphql(`
  mutation CreateApiKey($name: String!, $scope: ApiKeyScope!, $expiresAt: DateTime) {
    createApiKey(name: $name, scope: $scope, expiresAt: $expiresAt) {
      key
      apiKey {
        ...ApiKeyFields
      }
    }
  }
`);

export const RotateApiKeyMutation = graphql(`
  mutation RotateApiKey($prefix: String!, $overlapSeconds: Int!) {
    rotateApiKey(prefix: $prefix, overlapSeconds: $overlapSeconds) {
      key
      apiKey {
        ...ApiKeyFields
      }
      previous {
        ...ApiKeyFields
      }
    }
  }
`);

export const RevokeApiKeyMutation = graphql(`
  mutation RevokeApiKey($prefix: String!) {
    revokeApiKey(prefix: $prefix) {
      ...ApiKeyFields
    }
  }
`);
