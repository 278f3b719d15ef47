import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { lookup as lookupCallback } from 'node:dns';
import { invalidParameter } from '../domain/errors.ts';
import {
  addressKind,
  addressRefused,
  isAllowedAddress,
  parseWebhookUrl,
  type PrivateTargets,
} from '../domain/webhook-address.ts';

/**
 * A webhook URL checked as registration checks it: well-formed (parseWebhookUrl), and its
 * host resolving, to allowed addresses only. Delivery checks the addresses again on each
 * connection (guardedLookup): a name that resolved to a public address at registration
 * may point inside later (DNS rebinding).
 */
export async function checkWebhookTarget(text: string, allow: PrivateTargets): Promise<URL> {
  const url = parseWebhookUrl(text, allow);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return url;
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    throw invalidParameter('url', `url's host ${host} does not resolve`);
  }
  if (addresses.length === 0) throw invalidParameter('url', `url's host ${host} does not resolve`);
  for (const { address } of addresses) {
    const kind = addressKind(address);
    if (!isAllowedAddress(kind, allow)) throw addressRefused(host, address, kind);
  }
  return url;
}

/**
 * A `lookup` for node:http(s) that resolves as usual and refuses the connection when any
 * answer is an address configuration does not allow: the check and the connection use the
 * same answer, so a rebinding between them is impossible.
 */
export function guardedLookup(allow: PrivateTargets): LookupFunction {
  return (hostname, options, callback) => {
    lookupCallback(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as unknown as { address: string; family: number }[];
      for (const { address } of list) {
        const kind = addressKind(address);
        if (!isAllowedAddress(kind, allow))
          return callback(new Error(addressRefused(hostname, address, kind).message), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
      const first = list[0];
      if (!first) return callback(new Error(`${hostname} does not resolve`), '', 0);
      return callback(null, first.address, first.family);
    });
  };
}
