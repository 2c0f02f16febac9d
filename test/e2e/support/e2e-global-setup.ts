import type { TestProject } from 'vitest/node';
import { startPortal } from './portal-process.js';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    portalUrl: string;
  }
}

/** One embedded portal for the browser tests, started from the build like `npm start`. */
export default async function setup(project: TestProject) {
  const portal = await startPortal();
  project.provide('portalUrl', portal.url);
  return () => portal.stop();
}
