import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/src/config';

const base = { JWT_SECRET: 'a-secret-of-enough-length', DATABASE_URL: 'memory://' };

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
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://u@h/db' }).demoSso).toBe(false);
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://u@h/db', DEMO_SSO: 'true' }).demoSso).toBe(true);
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
