// Which requests go through a proxy, as curl 8 reads the variables: this machine never (as Go's
// HTTP client), plain http never, NO_PROXY's names, domains, addresses and CIDR ranges (IPv4 and
// IPv6, no suffix match on an address), an empty lower-case variable counted as unset.
import { describe, expect, it } from 'vitest';
import { directBecause, proxyFor } from '../../src/api/transport-network.js';

const PROXY = 'http://proxy.corp.example:3128';
const via = (target: string, env: Record<string, string>) => proxyFor(new URL(target), { HTTPS_PROXY: PROXY, ...env })?.variable;

describe('proxyFor', () => {
  it.each([
    'https://localhost:8443/api/v1',
    'https://127.0.0.1:8443/api/v1',
    'https://127.12.0.9/api/v1',
    'https://[::1]:8443/api/v1',
    'http://127.0.0.1:8080/api/v1',
    'http://localhost:8080/api/v1',
  ])('this machine (%s) is never reached through a proxy, whatever the variables say', (target) => {
    const env = { HTTPS_PROXY: PROXY, HTTP_PROXY: PROXY, ALL_PROXY: PROXY, https_proxy: PROXY, http_proxy: PROXY, all_proxy: PROXY };
    expect(proxyFor(new URL(target), env)).toBeUndefined();
  });

  it('plain http never goes through a proxy: HTTP_PROXY is never used', () => {
    expect(proxyFor(new URL('http://gw.example.com/api/v1'), { HTTP_PROXY: PROXY, ALL_PROXY: PROXY })).toBeUndefined();
    expect(directBecause(new URL('http://gw.example.com/'), {})).toMatch(/^plain http/);
  });

  it('the variable that named the proxy: lower case first, an empty one counted as unset', () => {
    expect(via('https://gw.example.com/', {})).toBe('HTTPS_PROXY');
    expect(via('https://gw.example.com/', { https_proxy: 'http://other:1' })).toBe('https_proxy');
    expect(via('https://gw.example.com/', { https_proxy: '' })).toBe('HTTPS_PROXY');
    expect(proxyFor(new URL('https://gw.example.com/'), { ALL_PROXY: PROXY })?.variable).toBe('ALL_PROXY');
  });

  it.each([
    ['10.0.0.0/8', 'https://10.1.2.3/', true],
    ['10.0.0.0/8', 'https://11.1.2.3/', false],
    ['192.168.1.0/24', 'https://192.168.1.77:8443/', true],
    ['192.168.1.0/24', 'https://192.168.2.77/', false],
    ['127.0.0.0/8,10.0.0.0/8', 'https://10.9.9.9/', true],
    ['10.1.2.3', 'https://10.1.2.3/', true],
    ['0.0.1', 'https://10.0.0.1/', false],
    ['.0.0.1', 'https://10.0.0.1/', false],
    ['2.3', 'https://10.1.2.3/', false],
    ['10.0.0.0/33', 'https://10.0.0.1/', false],
    ['0.0.0.0/0', 'https://203.0.113.5/', true],
    ['fd00::/8', 'https://[fd12:3456::1]/', true],
    ['fd00::/8', 'https://[fe80::1]/', false],
    ['2001:db8::/32', 'https://[2001:db8:0:1::5]:8443/', true],
    ['2001:db8::1', 'https://[2001:db8::1]/', true],
    ['[2001:db8::1]', 'https://[2001:db8:0:0:0:0:0:1]/', true],
    ['[2001:db8::1]:8443', 'https://[2001:db8::1]:8443/', true],
    ['[2001:db8::1]:8443', 'https://[2001:db8::1]/', false],
    ['10.0.0.0/8', 'https://gw10.example.com/', false],
    ['example.com', 'https://gw.example.com/', true],
    ['.example.com', 'https://example.com/', true],
    ['ample.com', 'https://gw.example.com/', false],
    ['gw.example.com.', 'https://gw.example.com/', true],
    ['*', 'https://10.1.2.3/', true],
    ['*.example.com', 'https://gw.example.com/', true],
  ])('NO_PROXY=%s for %s: direct is %s', (noProxy, target, direct) => {
    expect(via(target, { NO_PROXY: noProxy }) === undefined).toBe(direct);
  });

  it('no_proxy wins over NO_PROXY, but an empty no_proxy does not hide NO_PROXY (as curl reads them)', () => {
    expect(via('https://10.1.2.3/', { NO_PROXY: '10.0.0.0/8', no_proxy: '' })).toBeUndefined();
    expect(via('https://10.1.2.3/', { NO_PROXY: '10.0.0.0/8', no_proxy: 'other.example' })).toBe('HTTPS_PROXY');
    expect(directBecause(new URL('https://10.1.2.3/'), { NO_PROXY: '10.0.0.0/8', no_proxy: '' })).toBe('NO_PROXY names 10.1.2.3');
    expect(directBecause(new URL('https://10.1.2.3/'), { no_proxy: '10.1.0.0/16' })).toBe('no_proxy names 10.1.2.3');
  });
});
