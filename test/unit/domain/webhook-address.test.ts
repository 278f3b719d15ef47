import { describe, expect, it } from 'vitest';
import { addressKind, ipv6Bytes, parseWebhookUrl } from '../../../src/domain/webhook-address.ts';
import { DomainError } from '../../../src/domain/errors.ts';

/** Which addresses a webhook may reach (README "Webhooks"): the SSRF table. */
describe('webhook address kinds', () => {
  it.each([
    ['93.184.215.14', 'public'],
    ['8.8.8.8', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['0.0.0.0', 'reserved'],
    ['224.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'reserved'],
    ['fe80::1', 'link-local'],
    ['fd00::1', 'private'],
    ['fc12:3456::1', 'private'],
    ['ff02::1', 'reserved'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['2606:4700:4700::1111', 'public'],
    ['[::1]', 'loopback'],
    ['not-an-address', 'reserved'],
  ])('%s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  it('reads IPv6 forms into 16 bytes', () => {
    expect(ipv6Bytes('::1')).toEqual([...Array(15).fill(0), 1]);
    expect(ipv6Bytes('::ffff:1.2.3.4')!.slice(10)).toEqual([255, 255, 1, 2, 3, 4]);
    expect(ipv6Bytes('1:2:3:4:5:6:7:8:9')).toBeNull();
    expect(ipv6Bytes('1::2::3')).toBeNull();
  });
});

describe('webhook URLs', () => {
  const refused = (url: string, allow: 'none' | 'loopback' | 'all' = 'none') => {
    try {
      parseWebhookUrl(url, allow);
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe('invalid_parameter');
      expect((error as DomainError).details[0]!.field).toBe('url');
      return (error as DomainError).message;
    }
    throw new Error(`${url} was accepted`);
  };

  it('accepts https to a name or a public address', () => {
    expect(parseWebhookUrl(' https://hooks.example.com/in?x=1#frag ', 'none').toString()).toBe(
      'https://hooks.example.com/in?x=1',
    );
    expect(parseWebhookUrl('https://93.184.215.14/', 'none').hostname).toBe('93.184.215.14');
  });

  it('refuses plain http, other schemes, credentials and what does not parse', () => {
    expect(refused('http://hooks.example.com/')).toMatch(/https/);
    expect(refused('ftp://hooks.example.com/')).toMatch(/https/);
    expect(refused('not a url')).toMatch(/absolute https/);
    expect(refused('/relative')).toMatch(/absolute https/);
    expect(refused('https://user:pw@hooks.example.com/')).toMatch(/credentials/);
  });

  it('refuses loopback, private, link-local and mapped literals unless allowed', () => {
    expect(refused('https://127.0.0.1/')).toMatch(/loopback/);
    expect(refused('https://[::1]:8443/')).toMatch(/loopback/);
    expect(refused('https://[::ffff:127.0.0.1]/')).toMatch(/loopback/);
    expect(refused('https://169.254.169.254/latest/meta-data')).toMatch(/link-local/);
    expect(refused('https://[fe80::1]/')).toMatch(/link-local/);
    expect(refused('https://10.0.0.5/')).toMatch(/private/);
    expect(refused('https://0x7f000001/')).toMatch(/loopback/); // WHATWG URL reads it as 127.0.0.1
    expect(refused('https://10.0.0.5/', 'loopback')).toMatch(/private/);
    expect(refused('http://localhost:9/', 'none')).toMatch(/https/);
  });

  it('allows loopback, plain http included, when configuration says loopback', () => {
    expect(parseWebhookUrl('http://127.0.0.1:8080/hook', 'loopback').port).toBe('8080');
    expect(parseWebhookUrl('http://[::1]:8080/hook', 'loopback').hostname).toBe('[::1]');
    expect(parseWebhookUrl('http://localhost:8080/hook', 'loopback').hostname).toBe('localhost');
    expect(parseWebhookUrl('http://10.0.0.5/', 'all').hostname).toBe('10.0.0.5');
  });
});
