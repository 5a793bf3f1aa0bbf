import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/src/config';

const base = { JWT_SECRET: 'a-secret-of-enough-length-for-hs256', DATABASE_URL: 'memory://' };

describe('server configuration from the environment', () => {
  it('has safe defaults', () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      tokenTtlS: 3600,
      demoSso: true,
      appUrl: '',
      staticDir: 'dist',
    });
  });

  it('turns demo sign-in off by default for a real PostgreSQL server, on when asked', () => {
    const postgres = { ...base, DATABASE_URL: 'postgres://u@h/db', JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(postgres).demoSso).toBe(false);
    expect(loadConfig({ ...postgres, DEMO_SSO: 'true' }).demoSso).toBe(true);
  });

  it('turns demo sign-in on by default only on a loopback address, and refuses it elsewhere unless forced', () => {
    for (const HOST of ['127.0.0.1', 'localhost', '::1', '127.0.0.2'])
      expect(loadConfig({ ...base, HOST }).demoSso, HOST).toBe(true);
    expect(loadConfig({ ...base, HOST: '0.0.0.0' }).demoSso).toBe(false);
    expect(loadConfig({ ...base, HOST: '192.168.1.20', DEMO_SSO: 'false' }).demoSso).toBe(false);
    expect(() => loadConfig({ ...base, HOST: '0.0.0.0', DEMO_SSO: 'true' })).toThrow(/DEMO_SSO=force/);
    expect(loadConfig({ ...base, HOST: '0.0.0.0', DEMO_SSO: 'force' }).demoSso).toBe(true);
  });

  it('requires one JWT_SECRET of at least 32 bytes for a PostgreSQL server (several instances share it)', () => {
    const postgres = { DATABASE_URL: 'postgres://u@h/db' };
    expect(() => loadConfig(postgres)).toThrow(/JWT_SECRET.*32 bytes/);
    expect(() => loadConfig({ ...postgres, JWT_SECRET: 'x'.repeat(31) })).toThrow(ConfigError);
    // Bytes, not characters: 16 two-byte letters are 32 bytes.
    expect(loadConfig({ ...postgres, JWT_SECRET: 'æ'.repeat(16) }).jwtSecret).toBe('æ'.repeat(16));
  });

  it('generates an in-memory secret for an in-memory database', () => {
    const a = loadConfig({ DATABASE_URL: 'memory://' });
    const b = loadConfig({ DATABASE_URL: 'memory://' });
    expect(a.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(a.jwtSecret).not.toBe(b.jwtSecret);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '-1'],
    ['TOKEN_TTL_S', '1.5'],
    ['DEMO_SSO', 'maybe'],
    ['JWT_SECRET', 'short'],
    // 16 characters were once enough outside PostgreSQL; 32 bytes are needed everywhere.
    ['JWT_SECRET', 'x'.repeat(31)],
    ['SEED', 'nationwide'],
  ])('refuses %s=%s with a clear error', (name, value) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(ConfigError);
  });

  it('reads APP_URL without a trailing slash and STATIC_DIR empty as API only', () => {
    const config = loadConfig({ ...base, APP_URL: 'http://localhost:5173/', STATIC_DIR: '' });
    expect(config.appUrl).toBe('http://localhost:5173');
    expect(config.staticDir).toBeNull();
  });

  it('seeds the demo data unless SEED names the national data set or nothing', () => {
    expect(loadConfig(base).seed).toBe('demo');
    expect(loadConfig({ ...base, SEED: '' }).seed).toBe('demo');
    expect(loadConfig({ ...base, SEED: 'national' }).seed).toBe('national');
    expect(loadConfig({ ...base, SEED: 'NONE' }).seed).toBe('none');
  });

  it('believes no proxy unless TRUST_PROXY says which: yes, a hop count, or addresses', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ ...base, TRUST_PROXY: '0' }).trustProxy).toBe(false);
    const oneHop = loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxy as (
      a: string,
      hop: number,
    ) => boolean;
    expect([oneHop('10.0.0.1', 0), oneHop('10.0.0.2', 1)]).toEqual([true, false]);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toBe(
      '10.0.0.0/8,127.0.0.1',
    );
  });

  it('reads HELP_IMAGE_ORIGINS as origins and refuses anything else', () => {
    expect(loadConfig(base).helpImageOrigins).toEqual([]);
    expect(
      loadConfig({ ...base, HELP_IMAGE_ORIGINS: 'https://a.example.dk/billeder/, https://b.example.dk' })
        .helpImageOrigins,
    ).toEqual(['https://a.example.dk', 'https://b.example.dk']);
    expect(() => loadConfig({ ...base, HELP_IMAGE_ORIGINS: 'billeder' })).toThrow(ConfigError);
  });
});
