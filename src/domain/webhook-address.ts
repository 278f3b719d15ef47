import { isIP } from 'node:net';
import { invalidParameter, type DomainError } from './errors.ts';

/**
 * Where a webhook may be sent (issue 12, item 4): the kinds of address a host can resolve
 * to, and which of them an endpoint may reach. Anything but `public` is refused unless
 * configuration allows it: a webhook URL is a request the service makes on an
 * organization's behalf, and must not reach the service's own machine or network (SSRF).
 */
export type AddressKind = 'public' | 'loopback' | 'private' | 'link-local' | 'reserved';

/** WEBHOOK_ALLOW_PRIVATE_TARGETS: `none`, `loopback` (tests, local receivers), or `all`. */
export type PrivateTargets = 'none' | 'loopback' | 'all';

type V4Rule = [number, number, number, number, number, AddressKind];
const V4_RULES: V4Rule[] = [
  [0, 0, 0, 0, 8, 'reserved'], // "this network"
  [10, 0, 0, 0, 8, 'private'],
  [100, 64, 0, 0, 10, 'private'], // carrier-grade NAT
  [127, 0, 0, 0, 8, 'loopback'],
  [169, 254, 0, 0, 16, 'link-local'], // cloud metadata lives here
  [172, 16, 0, 0, 12, 'private'],
  [192, 0, 0, 0, 24, 'reserved'],
  [192, 0, 2, 0, 24, 'reserved'],
  [192, 168, 0, 0, 16, 'private'],
  [198, 18, 0, 0, 15, 'reserved'],
  [198, 51, 100, 0, 24, 'reserved'],
  [203, 0, 113, 0, 24, 'reserved'],
  [224, 0, 0, 0, 4, 'reserved'], // multicast
  [240, 0, 0, 0, 4, 'reserved'], // reserved and broadcast
];

function v4Kind(bytes: number[]): AddressKind {
  const n = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  for (const [a, b, c, d, bits, kind] of V4_RULES) {
    const base = ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
    const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
    if ((n & mask) >>> 0 === base) return kind;
  }
  return 'public';
}

/** An IPv6 address as 16 bytes (`::` expanded, a trailing dotted quad read), or null. */
export function ipv6Bytes(address: string): number[] | null {
  let text = address.replace(/^\[|\]$/g, '').split('%')[0]!;
  const tail: number[] = [];
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    tail.push(...quad.slice(1, 5).map(Number));
    if (tail.some((b) => b > 255)) return null;
    text = `${text.slice(0, quad.index)}0:0`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 0) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  const bytes: number[] = [];
  for (const g of all) {
    if (!/^[0-9a-f]{1,4}$/i.test(g)) return null;
    const v = parseInt(g, 16);
    bytes.push(v >> 8, v & 0xff);
  }
  if (quad) bytes.splice(12, 4, ...tail);
  return bytes;
}

/** The kind of an IPv4 or IPv6 address (IPv4-mapped and NAT64 IPv6 as their IPv4). */
export function addressKind(address: string): AddressKind {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return v4Kind(bare.split('.').map(Number));
  const b = family === 6 ? ipv6Bytes(bare) : null;
  if (!b) return 'reserved';
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible, deprecated), 64:ff9b::a.b.c.d (NAT64).
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return v4Kind(b.slice(12));
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12))
    return v4Kind(b.slice(12));
  if (zeros(0, 15)) return b[15] === 1 ? 'loopback' : 'reserved'; // ::1, ::
  if (zeros(0, 12)) return v4Kind(b.slice(12));
  if ((b[0]! & 0xfe) === 0xfc) return 'private'; // fc00::/7 unique local
  if (b[0] === 0xfe && (b[1]! & 0xc0) === 0x80) return 'link-local'; // fe80::/10
  if (b[0] === 0xfe && (b[1]! & 0xc0) === 0xc0) return 'private'; // fec0::/10 site-local (deprecated)
  if (b[0] === 0xff) return 'reserved'; // multicast
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0x0d && b[3] === 0xb8) return 'reserved'; // documentation
  return 'public';
}

export function isAllowedAddress(kind: AddressKind, allow: PrivateTargets): boolean {
  if (kind === 'public') return true;
  if (allow === 'all') return true;
  return allow === 'loopback' && kind === 'loopback';
}

/** The refusal of an address an endpoint may not reach. */
export function addressRefused(host: string, address: string, kind: AddressKind): DomainError {
  return invalidParameter(
    'url',
    `url's host ${host} resolves to a ${kind} address (${address}); webhooks go to public addresses only`,
  );
}

const URL_MAX = 2000;

/**
 * A webhook URL as given, checked without the network: absolute, `https:` (or `http:` when
 * its host is an address configuration allows, such as loopback in tests), no credentials,
 * an IP literal only of an allowed kind. The host's DNS answers are checked separately,
 * at registration and again at every delivery.
 */
export function parseWebhookUrl(text: string, allow: PrivateTargets): URL {
  const trimmed = text.trim();
  if (trimmed.length > URL_MAX) throw invalidParameter('url', `url must be at most ${URL_MAX} characters`);
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw invalidParameter('url', 'url must be an absolute https:// URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw invalidParameter('url', 'url must be an absolute https:// URL');
  if (url.username || url.password) throw invalidParameter('url', 'url must not carry credentials');
  if (url.hostname === '') throw invalidParameter('url', 'url must name a host');
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  const kind = isIP(literal) ? addressKind(literal) : null;
  if (kind && !isAllowedAddress(kind, allow)) throw addressRefused(url.hostname, literal, kind);
  if (
    url.protocol === 'http:' &&
    !(kind && kind !== 'public' && isAllowedAddress(kind, allow)) &&
    !isLocalName(url.hostname, allow)
  )
    throw invalidParameter('url', 'url must use https://');
  url.hash = '';
  return url;
}

/** `localhost` names loopback (RFC 6761): plain http to it is allowed exactly when loopback is. */
function isLocalName(host: string, allow: PrivateTargets): boolean {
  return allow !== 'none' && (host === 'localhost' || host.endsWith('.localhost'));
}
