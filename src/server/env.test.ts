import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('configuration', () => {
  it('has working defaults for a fresh clone', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: './data',
      publicUrl: 'http://localhost:3000',
      trustProxy: false,
      adminEmails: [],
      storage: { driver: 'local' },
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
  });

  it('stops with a message naming the variable for an invalid value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET/);
  });

  it('reads lists and flags', () => {
    const config = loadConfig({
      ADMIN_EMAILS: ' Boss@Example.com, ,coach@example.com',
      TRUST_PROXY: 'true',
      PORT: '8080',
    });
    expect(config.adminEmails).toEqual(['boss@example.com', 'coach@example.com']);
    expect(config.trustProxy).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:8080');
  });
});
