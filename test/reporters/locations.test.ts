import { describe, expect, it } from 'vitest';
import {
  ciPath,
  docHref,
  encodeUriPath,
  fileUri,
  formatPosition,
  parseChainStepLocation,
  pathFromInvocationDir,
} from '../../src/reporters/locations.js';

describe('paths for CI', () => {
  it('joins a relative root so the path resolves from the checkout', () => {
    expect(pathFromInvocationDir('.', 'src/a.ts')).toBe('src/a.ts');
    expect(pathFromInvocationDir('./packages/api/', 'src/a.ts')).toBe('packages/api/src/a.ts');
    expect(pathFromInvocationDir('packages\\api', 'src/a.ts')).toBe('packages/api/src/a.ts');
    expect(pathFromInvocationDir('../other', 'a.ts')).toBe('../other/a.ts');
  });

  it('has no relative answer for an absolute root; ciPath then gives the absolute path', () => {
    expect(pathFromInvocationDir('/repo', 'src/a.ts')).toBeUndefined();
    expect(pathFromInvocationDir('C:\\repo', 'src/a.ts')).toBeUndefined();
    expect(ciPath('/repo', 'src/a.ts')).toBe('/repo/src/a.ts');
    expect(ciPath('C:\\repo', 'src/a.ts')).toBe('C:/repo/src/a.ts');
  });
});

describe('URIs', () => {
  it('percent-encodes each segment, including : (a scheme lookalike) and %', () => {
    expect(encodeUriPath('src/a b/c#d?e%f:g.ts')).toBe('src/a%20b/c%23d%3Fe%25f%3Ag.ts');
    expect(encodeUriPath('src/@scope/ünï.ts')).toBe('src/@scope/%C3%BCn%C3%AF.ts');
  });

  it('builds file URIs for POSIX, Windows and UNC paths on any platform', () => {
    expect(fileUri('/home/me/my repo/a.ts')).toBe('file:///home/me/my%20repo/a.ts');
    expect(fileUri('C:\\work\\a.ts')).toBe('file:///C:/work/a.ts');
    expect(fileUri('\\\\host\\share\\a.ts')).toBe('file://host/share/a.ts');
  });

  it('makes doc links absolute only under a base URL', () => {
    expect(docHref('docs/rules/server-push/ping.md')).toBe('docs/rules/server-push/ping.md');
    expect(docHref('docs/rules/server-push/ping.md', 'https://x.test/blob/main/')).toBe(
      'https://x.test/blob/main/docs/rules/server-push/ping.md',
    );
    expect(docHref('./docs/rules/server-push/ping.md', 'https://x.test/blob/main')).toBe(
      'https://x.test/blob/main/docs/rules/server-push/ping.md',
    );
  });
});

describe('positions', () => {
  it('formats file, file:line or file:line:col', () => {
    expect(formatPosition('a.ts')).toBe('a.ts');
    expect(formatPosition('a.ts', 3)).toBe('a.ts:3');
    expect(formatPosition('a.ts', 3, 7)).toBe('a.ts:3:7');
  });

  it('reads the trailing (file:line[:col]) of a chain step', () => {
    expect(parseChainStepLocation("registerTool('add') callback parameter `extra` (src/tools.ts:14)")).toEqual({
      file: 'src/tools.ts',
      line: 14,
    });
    expect(parseChainStepLocation('getCart(extra) (src/cart.ts:8:3)')).toEqual({ file: 'src/cart.ts', line: 8, column: 3 });
    expect(parseChainStepLocation('the handler context')).toBeUndefined();
    expect(parseChainStepLocation('getCart(extra)')).toBeUndefined();
  });
});
