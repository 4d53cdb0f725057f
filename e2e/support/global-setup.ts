import type { TestProject } from 'vitest/node';
import { startPortal } from './portal-server';

declare module 'vitest' {
  export interface ProvidedContext {
    portalOrigin: string;
  }
}

/** One server for the whole run; each test file still gets its own browser context. */
export default async function setup(project: TestProject) {
  const portal = await startPortal();
  project.provide('portalOrigin', portal.origin);
  return portal.stop;
}
