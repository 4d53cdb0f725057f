import { describe, expect, it } from 'vitest';
import { ENVIRONMENTS, EnvironmentSchema, environmentOf } from './environments.js';

describe('environments', () => {
  it('should be dev, test, stg and prod', () => {
    expect(ENVIRONMENTS).toEqual(['dev', 'test', 'stg', 'prod']);
    expect(EnvironmentSchema.safeParse('staging').success).toBe(false);
  });
});

describe('environmentOf', () => {
  it('should read -dev. and dev. as dev', () => {
    expect(environmentOf('portal-dev.example.com')).toBe('dev');
    expect(environmentOf('dev.portal.example.com')).toBe('dev');
  });

  it('should read -test. and test. as test', () => {
    expect(environmentOf('portal-test.example.com')).toBe('test');
    expect(environmentOf('test.portal.example.com')).toBe('test');
  });

  it('should read -stg. and stg. as stg', () => {
    expect(environmentOf('portal-stg.example.com')).toBe('stg');
    expect(environmentOf('stg.portal.example.com')).toBe('stg');
  });

  it('should read any other host as prod', () => {
    expect(environmentOf('portal.example.com')).toBe('prod');
    expect(environmentOf('localhost')).toBe('prod');
    expect(environmentOf('')).toBe('prod');
  });

  it('should ignore case and a trailing dot', () => {
    expect(environmentOf('Portal-DEV.Example.com')).toBe('dev');
    expect(environmentOf('portal-stg.example.com.')).toBe('stg');
    expect(environmentOf('portal.example.dev.')).toBe('prod');
  });

  it('should only match whole labels', () => {
    expect(environmentOf('latest.example.com')).toBe('prod');
    expect(environmentOf('devices.example.com')).toBe('prod');
    expect(environmentOf('portal.example.dev')).toBe('prod');
  });

  it('should take dev before test before stg when a host names two', () => {
    expect(environmentOf('portal-test.dev.example.com')).toBe('dev');
    expect(environmentOf('stg.portal-test.example.com')).toBe('test');
  });
});
