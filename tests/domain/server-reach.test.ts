import { describe, expect, it } from 'vitest';
import { serverReach } from '../../src/domain/server-reach';

describe('whether a server-only action may be asked for (docs/product.md "Session")', () => {
  it('is ready online with a token, and the sign-in is needed online without one', () => {
    expect(serverReach(true, 'valid')).toBe('ready');
    expect(serverReach(true, 'renew')).toBe('signIn');
  });

  it('says offline first, whatever the session', () => {
    expect(serverReach(false, 'valid')).toBe('offline');
    expect(serverReach(false, 'renew')).toBe('offline');
  });
});
