import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { organisationZone, orgZone, setOrganisationTimeZone, setOrgTimeZone } from '../lib/format';
import { accessLabel, useSession, type SessionUser } from './session-store';

const user: SessionUser = {
  id: 'u1',
  email: 'ana@agents.test',
  displayName: 'Ana',
  provider: 'email',
  isAdmin: false,
  isSatLeader: false,
  isMicrosoftUser: false,
  hasElevatedAccess: false,
  needsSatLeader: false,
};

describe('the session store', () => {
  let responses: Response[];
  let sent: { path: string; headers: Record<string, string>; body: string | undefined }[];

  beforeEach(() => {
    responses = [];
    sent = [];
    useSession.setState({ status: 'loading', user: null });
    vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
      sent.push({ path, headers: init.headers as Record<string, string>, body: init.body as string | undefined });
      const next = responses.shift();
      if (!next) throw new TypeError('fetch failed');
      return next;
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

  it("believes the server: signed in with its user, and writes carry the session's CSRF token", async () => {
    responses.push(json({ user, csrfToken: 'csrf-1' }), new Response(null, { status: 204 }));
    await useSession.getState().load();
    expect(useSession.getState()).toMatchObject({ status: 'signed-in', user });
    await useSession.getState().signOut();
    expect(sent[1]).toMatchObject({ path: '/api/auth/sign-out', headers: { 'x-csrf-token': 'csrf-1' } });
    expect(useSession.getState()).toMatchObject({ status: 'signed-out', user: null });
  });

  it('counts nobody as signed in when the session cannot be read, and signs out locally even when the server is unreachable', async () => {
    await useSession.getState().load();
    expect(useSession.getState()).toMatchObject({ status: 'signed-out', user: null });
    useSession.setState({ status: 'signed-in', user });
    await expect(useSession.getState().signOut()).rejects.toMatchObject({ code: 'NETWORK' });
    expect(useSession.getState()).toMatchObject({ status: 'signed-out', user: null });
  });

  it('shows times in the time zone the server names with the session', async () => {
    responses.push(json({ user: null, timeZone: 'America/Denver' }));
    await useSession.getState().load();
    expect(orgZone()).toBe('America/Denver');
    setOrgTimeZone('America/New_York');
  });

  it('keeps the organisation’s zone apart from the user’s chosen one (a finance day is the organisation’s)', async () => {
    responses.push(json({ user, csrfToken: 'csrf-z', timeZone: 'Pacific/Honolulu', organisationTimeZone: 'America/Chicago' }));
    await useSession.getState().load();
    expect(orgZone()).toBe('Pacific/Honolulu');
    expect(organisationZone()).toBe('America/Chicago');
    setOrgTimeZone('America/New_York');
    setOrganisationTimeZone('America/New_York');
  });

  it('signs in with the e-mail trimmed', async () => {
    responses.push(json({ user, csrfToken: 'csrf-2' }));
    await useSession.getState().signIn('  ana@agents.test ', 'pw');
    expect(JSON.parse(sent[0]!.body!)).toEqual({ email: 'ana@agents.test', password: 'pw' });
    expect(useSession.getState().status).toBe('signed-in');
  });

  it('labels the access a user has', () => {
    expect(accessLabel({ ...user, isMicrosoftUser: true, hasElevatedAccess: false })).toBe('Full Access (Microsoft)');
    expect(accessLabel({ ...user, hasElevatedAccess: true })).toBe('Limited Access (Elevated)');
    expect(accessLabel(user)).toBe('Limited Access');
  });
});
