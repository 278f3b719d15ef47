import {
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isScalarType,
  isSpecifiedScalarType,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildSchema } from '../../src/graphql/schema/index.ts';

/**
 * Generated clients and GraphiQL show these to people: every type, field, argument and
 * enum value of the schema is described.
 */
describe('the GraphQL schema', () => {
  it('describes every type, field, argument and enum value', () => {
    const schema = buildSchema();
    const missing: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (type.name.startsWith('__') || (isScalarType(type) && isSpecifiedScalarType(type))) continue;
      if (!type.description) missing.push(type.name);
      if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type))
        for (const field of Object.values(type.getFields())) {
          if (!field.description) missing.push(`${type.name}.${field.name}`);
          for (const arg of 'args' in field ? field.args : [])
            if (!arg.description) missing.push(`${type.name}.${field.name}(${arg.name})`);
        }
      if (isEnumType(type))
        for (const value of type.getValues())
          if (!value.description) missing.push(`${type.name}.${value.name}`);
    }
    expect(missing).toEqual([]);
  });
});
