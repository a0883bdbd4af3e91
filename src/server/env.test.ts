import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('configuration', () => {
  it('has working defaults for a fresh clone', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: './data',
      publicUrl: 'http://localhost:3000',
      trustProxy: 0,
      allowedHosts: [],
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

  it('reads BILLING_CONTACT as an e-mail or web address, or none (decision 0034)', () => {
    expect(loadConfig({}).billingContact).toBeNull();
    expect(loadConfig({ BILLING_CONTACT: ' help@example.com ' }).billingContact).toBe(
      'help@example.com',
    );
    expect(loadConfig({ BILLING_CONTACT: 'https://example.com/help' }).billingContact).toBe(
      'https://example.com/help',
    );
    expect(() => loadConfig({ BILLING_CONTACT: 'call us' })).toThrow(/BILLING_CONTACT/);
    expect(() => loadConfig({ BILLING_CONTACT: 'javascript:alert(1)' })).toThrow(/BILLING_CONTACT/);
  });

  it('reads lists and flags', () => {
    const config = loadConfig({
      ADMIN_EMAILS: ' Boss@Example.com, ,coach@example.com',
      TRUST_PROXY: 'true',
      PORT: '8080',
    });
    expect(config.adminEmails).toEqual(['boss@example.com', 'coach@example.com']);
    expect(config.trustProxy).toBe(1);
    expect(config.publicUrl).toBe('http://localhost:8080');
  });

  it('trusts X-Forwarded-For only with TRUST_PROXY, for TRUST_PROXY_HOPS proxies (default 1)', () => {
    expect(loadConfig({ TRUST_PROXY_HOPS: '2' }).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '2' }).trustProxy).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '0' })).toThrow(
      /TRUST_PROXY_HOPS/,
    );
    expect(() => loadConfig({ TRUST_PROXY_HOPS: 'two' })).toThrow(/TRUST_PROXY_HOPS/);
  });

  it('reads ALLOWED_HOSTS as lower-case hostnames without ports', () => {
    expect(
      loadConfig({
        ALLOWED_HOSTS: ' App.Example.com:8443, ,10.0.0.5:3000,[::1]:3000,www.example.com.',
      }).allowedHosts,
    ).toEqual(['app.example.com', '10.0.0.5', '[::1]', 'www.example.com']);
  });

  it('reads the process role and the jobs pool, one process doing both by default (issue 48)', () => {
    expect(loadConfig({})).toMatchObject({ role: 'all', database: { jobsPoolSize: 3 } });
    const url = 'postgres://db.example/stackdays';
    expect(
      loadConfig({ DATABASE_URL: url, STACKDAYS_ROLE: 'worker', DATABASE_JOBS_POOL_SIZE: '5' }),
    ).toMatchObject({ role: 'worker', database: { jobsPoolSize: 5 } });
    expect(loadConfig({ DATABASE_URL: url, STACKDAYS_ROLE: 'web' }).role).toBe('web');
    expect(() => loadConfig({ STACKDAYS_ROLE: 'web' })).toThrow(
      /STACKDAYS_ROLE: web needs DATABASE_URL/,
    );
    expect(() => loadConfig({ DATABASE_URL: url, STACKDAYS_ROLE: 'jobs' })).toThrow(
      /STACKDAYS_ROLE/,
    );
    expect(() => loadConfig({ DATABASE_JOBS_POOL_SIZE: '0' })).toThrow(
      /DATABASE_JOBS_POOL_SIZE: must be a whole number from 1 to 100/,
    );
  });

  it('reads the pool size, statement timeout and shutdown timeout, with defaults (decisions 0076, 0077)', () => {
    expect(loadConfig({})).toMatchObject({
      database: { poolSize: 10, statementTimeoutMs: 15_000, connectTimeoutMs: 5_000 },
      shutdownTimeoutMs: 10_000,
    });
    expect(
      loadConfig({
        DATABASE_POOL_SIZE: '25',
        DATABASE_STATEMENT_TIMEOUT_MS: '0',
        SHUTDOWN_TIMEOUT_MS: ' ',
      }),
    ).toMatchObject({
      database: { poolSize: 25, statementTimeoutMs: 0, connectTimeoutMs: 5_000 },
      shutdownTimeoutMs: 10_000,
    });
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(
      /DATABASE_POOL_SIZE: must be a whole number from 1 to 1000/,
    );
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'ten' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '50' })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS: must be 0 \(no limit\) or at least 100/,
    );
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '1.5' })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '500' })).toThrow(
      /SHUTDOWN_TIMEOUT_MS: must be a whole number from 1000 to 600000/,
    );
  });
});
