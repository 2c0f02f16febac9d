import type { TestProject } from 'vitest/node';
import { startPortal } from './portal-process.js';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    portalUrl: string;
    demoPassword: string;
  }
}

/** One embedded portal for the browser tests, started from the build like `npm start`. */
export default async function setup(project: TestProject) {
  const demoPassword = 'e2e-demo-password-1';
  const portal = await startPortal({ DEMO_PASSWORD: demoPassword, TRUST_PROXY: 'loopback' });
  project.provide('portalUrl', portal.url);
  project.provide('demoPassword', demoPassword);
  return () => portal.stop();
}
