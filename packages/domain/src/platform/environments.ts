import { z } from 'zod';

/**
 * The deployment environments. The old client chose its back end from the page address; the portal has
 * its own server, so the environment is a deployment setting of that server, not read from the address.
 */
export const ENVIRONMENTS = ['dev', 'test', 'stg', 'prod'] as const;
export const EnvironmentSchema = z.enum(ENVIRONMENTS);
export type Environment = z.infer<typeof EnvironmentSchema>;

/** Checked in this order, so a host naming two environments gets the first. */
const NAMED_ENVIRONMENTS = ['dev', 'test', 'stg'] as const satisfies readonly Environment[];

/**
 * Which environment a host name suggests, e.g. to label the header: a dot-separated label (not the last
 * one) that is `dev` or ends in `-dev` means dev (`dev.` and `-dev.` in the address), likewise test and
 * stg; anything else is prod. Never used to pick a back end.
 */
export function environmentOf(hostname: string): Environment {
  const labels = hostname.trim().toLowerCase().replace(/\.$/, '').split('.').slice(0, -1);
  const named = NAMED_ENVIRONMENTS.find((env) =>
    labels.some((label) => label === env || label.endsWith(`-${env}`)),
  );
  return named ?? 'prod';
}
