import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/index.ts';

describe('loadConfig', () => {
  it('has a default for every setting', () => {
    // As `npm start` at a terminal (the log format follows stdout: request-log.test.ts).
    const config = loadConfig({}, true);
    expect(config).toMatchObject({
      nodeEnv: 'development',
      host: '0.0.0.0',
      port: 3000,
      logLevel: 'info',
      logFormat: 'pretty',
      databaseUrl: undefined,
      publicUrl: undefined,
      allowedOrigins: [],
      internalUrl: 'http://localhost:3000',
      seed: 'demo',
      trustProxy: false,
      geolocation: { provider: 'sandbox', url: undefined, timeoutMs: 3000 },
      postcodes: { provider: 'sandbox', url: undefined, apiKey: undefined, timeoutMs: 3000 },
      holdSweepIntervalMs: 30_000,
      readCacheTtlMs: 1000,
    });
    expect(config.dataDir).toBe('./.data');
    expect(config.webDist).toMatch(/apps\/web\/dist$/);
  });

  it('reads values and treats empty ones as unset', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      // On purpose: this test is about reading values, not about leaving the sandboxes (production-guard.test.ts).
      DEMO: '1',
      PORT: '8080',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/tours',
      PUBLIC_URL: 'https://tours.example/',
      TRUST_PROXY: '1',
      LOG_LEVEL: '',
    });
    expect(config).toMatchObject({
      port: 8080,
      logLevel: 'info',
      logFormat: 'json',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/tours',
      publicUrl: 'https://tours.example',
      allowedOrigins: ['https://tours.example'],
      trustProxy: 1,
    });
  });

  it('names every invalid setting', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(/PORT[\s\S]*DATABASE_URL/);
    expect(() => loadConfig({ GEOLOCATION_PROVIDER: 'http' })).toThrow(/GEOLOCATION_URL: Required when GEOLOCATION_PROVIDER is http/);
    expect(() => loadConfig({ HOLD_SWEEP_INTERVAL_MS: '-5' })).toThrow(/HOLD_SWEEP_INTERVAL_MS/);
    expect(loadConfig({ HOLD_SWEEP_INTERVAL_MS: '0' }).holdSweepIntervalMs).toBe(0);
  });
});
