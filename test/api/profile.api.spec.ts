import sharp from 'sharp';
import { describe, expect, it, onTestFinished } from 'vitest';

import type { ApiClient } from '../support/portal/api-client.js';
import { eventReader } from '../support/portal/event-stream.js';
import { freshAgent, signedInClient } from '../support/portal/portal.js';
import { json } from '../support/portal/support-desk.js';

type Profile = {
  userId: string;
  email: string;
  displayName: string | null;
  phone: string | null;
  timeZone: string | null;
  effectiveTimeZone: string;
  organisationTimeZone: string;
  avatarUrl: string | null;
  role: string;
  satLeader: { email: string; displayName: string | null } | null;
  trainingDivision: { division: string; chosenBy: string } | null;
};

async function agent(name = 'profile') {
  const account = await freshAgent(name);
  const client = await signedInClient(account.email, account.password);
  return { ...account, client };
}

const profileOf = (client: ApiClient) => json<Profile>(client.request('GET', '/api/profile'));
const save = (client: ApiClient, body: unknown) => client.request('PUT', '/api/profile', body);
const upload = (client: ApiClient, bytes: Buffer) => client.request('PUT', '/api/profile/avatar', bytes, { 'content-type': 'application/octet-stream' });
const sessionZone = async (client: ApiClient) => (await json<{ timeZone: string }>(client.request('GET', '/api/auth/session'))).timeZone;

/** The GPS directory's pointer (tag 0x8825) in an EXIF block, either byte order. */
const hasGpsPointer = (exif: Buffer) => exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));

describe('the profile over HTTP', () => {
  it('answers the signed-in user’s own profile: no phone, no zone chosen (the organisation’s applies), role User', async () => {
    const { client, email } = await agent();
    const profile = await profileOf(client);
    expect(profile).toMatchObject({ email, phone: null, timeZone: null, avatarUrl: null, role: 'User' });
    expect(profile.effectiveTimeZone).toBe(profile.organisationTimeZone);
    expect(await sessionZone(client)).toBe(profile.organisationTimeZone);
  });

  it('keeps the office an agent trains in, else answers their SAT leader’s, and refuses an office that does not exist', async () => {
    const [leader, follower] = await Promise.all([agent('leader'), agent('follower')]);
    const admin = await signedInClient('admin@portal.test');
    const { users } = await json<{ users: { id: string }[] }>(admin.request('GET', `/api/admin/users?search=${encodeURIComponent(leader.email)}`));
    expect((await admin.request('PUT', `/api/admin/users/${users[0]!.id}/sat-leader`, { satLeader: true })).status).toBe(200);
    // Other tests' sign-ups take the first leader listed: this one is not left on the list.
    onTestFinished(async () => void (await admin.request('PUT', `/api/admin/users/${users[0]!.id}/sat-leader`, { satLeader: false })));
    const followerId = (await profileOf(follower.client)).userId;
    expect((await admin.request('PUT', `/api/admin/users/${followerId}/leader`, { satLeaderId: users[0]!.id })).status).toBe(200);
    expect((await profileOf(follower.client)).trainingDivision).toBeNull();

    expect((await leader.client.request('PUT', '/api/profile/training-division', { division: 'west-tampa' })).status).toBe(200);
    expect((await profileOf(leader.client)).trainingDivision).toEqual({ division: 'west-tampa', chosenBy: 'you' });
    expect((await profileOf(follower.client)).trainingDivision).toEqual({ division: 'west-tampa', chosenBy: 'your SAT leader' });
    expect((await follower.client.request('PUT', '/api/profile/training-division', { division: 'south-tampa' })).status).toBe(200);
    expect((await profileOf(follower.client)).trainingDivision).toEqual({ division: 'south-tampa', chosenBy: 'you' });

    const refused = await follower.client.request('PUT', '/api/profile/training-division', { division: 'north-pole' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('Please choose your office: East Tampa, West Tampa or South Tampa.');
    expect((await profileOf(follower.client)).trainingDivision).toEqual({ division: 'south-tampa', chosenBy: 'you' });
  });

  it('names the SAT leader by name and e-mail; the agent chose theirs once, and an admin gives another, recorded', async () => {
    const { client } = await agent();
    const { leaders } = await json<{ leaders: { id: string; displayName: string }[] }>(client.request('GET', '/api/sat-leaders'));
    const taylor = leaders.find((leader) => leader.displayName === 'Taylor Brooks')!;
    const sam = leaders.find((leader) => leader.displayName === 'Sam Rivera')!;
    // The leader chosen at sign-up stays until an admin changes it.
    const own = await client.request('PUT', '/api/profile/sat-leader', { satLeaderId: taylor.id });
    expect(own.status).toBe(409);
    expect(await own.json()).toMatchObject({ code: 'SAT_LEADER_SET', message: 'Your SAT leader is already set: an admin changes it on the Users page.' });

    const admin = await signedInClient('admin@portal.test');
    const { userId } = await profileOf(client);
    for (const leader of [taylor, sam]) {
      expect(await json(admin.request('PUT', `/api/admin/users/${userId}/leader`, { satLeaderId: leader.id }))).toEqual({ changed: true });
    }
    expect(await json(admin.request('PUT', `/api/admin/users/${userId}/leader`, { satLeaderId: sam.id }))).toEqual({ changed: false });
    expect((await profileOf(client)).satLeader).toEqual({ email: 'sam.rivera@portal.test', displayName: 'Sam Rivera' });

    // Only an enabled SAT leader can be given, and only by an admin.
    const notALeader = await admin.request('PUT', `/api/admin/users/${userId}/leader`, { satLeaderId: userId });
    expect(notALeader.status).toBe(400);
    expect(JSON.stringify(await notALeader.json())).toContain('Choose an enabled SAT leader.');
    expect((await client.request('PUT', `/api/admin/users/${userId}/leader`, { satLeaderId: taylor.id })).status).toBe(403);
    // Each change is in the audit log, on the agent's account, with the admin as actor.
    await expect
      .poll(async () => {
        const page = await json<{ events: { streamId: string; actor: { email: string | null } }[] }>(
          admin.request('GET', '/api/admin/audit/events?type=SatLeaderAssigned&actor=admin%40portal.test'),
        );
        return page.events.filter((event) => event.streamId === `account-${userId}`).length;
      })
      .toBe(2);
  });

  it('saves name, phone (normalised to E.164) and a chosen zone, which the session then carries; blank is stored as null', async () => {
    const { client } = await agent();
    expect((await save(client, { displayName: '  Jane Doe ', phone: '(305) 555-0123', timeZone: 'America/Denver' })).status).toBe(200);
    expect(await profileOf(client)).toMatchObject({
      displayName: 'Jane Doe',
      phone: '+13055550123',
      timeZone: 'America/Denver',
      effectiveTimeZone: 'America/Denver',
    });
    expect(await sessionZone(client)).toBe('America/Denver');
    // Their wallet statement counts its days in that zone and names it.
    const statement = await client.request('GET', '/api/wallet/statement.csv?from=2026-11-01&to=2026-11-30');
    expect(statement.status).toBe(200);
    expect(statement.headers.get('x-statement-time-zone')).toBe('America/Denver');
    expect((await statement.text()).split('\n')[0]).toContain('(America/Denver)');

    // An international number keeps its country.
    expect((await save(client, { displayName: 'Jane Doe', phone: '+44 20 7946 0958', timeZone: 'America/Denver' })).status).toBe(200);
    expect((await profileOf(client)).phone).toBe('+442079460958');

    // Blank name and phone, no zone: nulls, and the organisation's zone again.
    expect((await save(client, { displayName: '   ', phone: '', timeZone: null })).status).toBe(200);
    const cleared = await profileOf(client);
    expect(cleared).toMatchObject({ displayName: null, phone: null, timeZone: null });
    expect(cleared.effectiveTimeZone).toBe(cleared.organisationTimeZone);
    expect(await sessionZone(client)).toBe(cleared.organisationTimeZone);
  });

  it('refuses a phone number no country uses, a zone not on the list and fields it does not change, naming each', async () => {
    const { client } = await agent();
    const badPhone = await save(client, { phone: '555-0000-1' });
    expect(badPhone.status).toBe(400);
    expect(((await badPhone.json()) as { fieldErrors: { field: string; message: string }[] }).fieldErrors).toEqual([
      { field: 'phone', message: 'Enter a valid phone number (US numbers may leave out +1).' },
    ]);
    const badZone = await save(client, { timeZone: 'Mars/Olympus' });
    expect(badZone.status).toBe(400);
    expect(((await badZone.json()) as { fieldErrors: { field: string }[] }).fieldErrors[0]!.field).toBe('timeZone');
    expect((await save(client, { displayName: 'x'.repeat(101) })).status).toBe(400);
    expect((await profileOf(client)).phone).toBeNull();
  });

  it('has no address for another agent’s profile: a body naming another user is refused, and there is no per-user route', async () => {
    const victim = await agent('victim');
    const attacker = await agent('attacker');
    const { userId: victimId, displayName } = await profileOf(victim.client);
    const smuggled = await save(attacker.client, { userId: victimId, displayName: 'Hacked' });
    expect(smuggled.status).toBe(400);
    expect((await attacker.client.request('PUT', `/api/profile/${victimId}`, { displayName: 'Hacked' })).status).toBe(404);
    expect((await attacker.client.request('GET', `/api/profile/${victimId}`)).status).toBe(404);
    expect((await profileOf(victim.client)).displayName).toBe(displayName);
    // Signed out: nothing at all.
    const anonymous = await fetch(`${(attacker.client as unknown as { baseUrl: string }).baseUrl}/api/profile`);
    expect(anonymous.status).toBe(401);
  });

  it('keeps an uploaded picture re-encoded as a 256×256 WebP without its EXIF (GPS position included), replacing the one before', async () => {
    const { client } = await agent();
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 30, b: 30 } } })
      .jpeg()
      .withExif({
        IFD0: { ImageDescription: 'secret-place' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 46/1 3/1', GPSLongitudeRef: 'W', GPSLongitude: '80/1 11/1 0/1' },
      })
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before.exif && hasGpsPointer(before.exif)).toBe(true);

    const uploaded = await upload(client, photo);
    expect(uploaded.status).toBe(200);
    const { avatarUrl } = (await uploaded.json()) as { avatarUrl: string };
    expect((await profileOf(client)).avatarUrl).toBe(avatarUrl);

    const served = await client.request('GET', avatarUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await served.arrayBuffer());
    const after = await sharp(bytes).metadata();
    expect(after).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(bytes.includes('secret-place')).toBe(false);

    // A second picture replaces the first at the same place, under a new address.
    const png = await sharp({ create: { width: 300, height: 300, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 1 } } })
      .png()
      .toBuffer();
    const second = (await (await upload(client, png)).json()) as { avatarUrl: string };
    expect(second.avatarUrl).not.toBe(avatarUrl);
    const replaced = Buffer.from(await (await client.request('GET', second.avatarUrl)).arrayBuffer());
    expect(replaced.equals(bytes)).toBe(false);
    // Other signed-in users see it; nobody signed out does.
    const other = await agent('viewer');
    expect((await other.client.request('GET', second.avatarUrl)).status).toBe(200);
    expect((await fetch(`${(other.client as unknown as { baseUrl: string }).baseUrl}${second.avatarUrl}`)).status).toBe(401);
  });

  it('decides by the bytes: a text file named .png, a PDF and an empty body are refused, and the picture stays', async () => {
    const { client } = await agent();
    for (const bytes of [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), Buffer.from('%PDF-1.7\n%%EOF\n'), Buffer.alloc(0)]) {
      const refused = await upload(client, bytes);
      expect(refused.status).toBe(415);
      expect(((await refused.json()) as { message: string }).message).toBe(
        'Only images (JPEG, PNG, GIF, WebP, BMP, TIFF or AVIF) can be used as a profile picture',
      );
    }
    // A JPEG's signature with nothing readable after it: refused in words, not a 500.
    const broken = await upload(client, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]));
    expect([415, 422]).toContain(broken.status);
    // The support desk's limit: past 10MB nothing is kept.
    const huge = await upload(client, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(10 * 1024 * 1024, 1)]));
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { message: string }).message).toBe('The file exceeds 10MB limit');
    expect((await profileOf(client)).avatarUrl).toBeNull();
  });

  it('tells the user’s other tabs, live, that their profile changed, and nobody else', async () => {
    const { client, email, password } = await agent();
    const otherTab = await signedInClient(email, password);
    const stranger = await agent('stranger');
    const mine = eventReader(await otherTab.request('GET', '/api/realtime/stream'));
    const theirs = eventReader(await stranger.client.request('GET', '/api/realtime/stream'));
    const profileNotices = (stream: typeof mine) => stream.events.filter((e) => e.event === 'change' && e.data.includes('"profile"')).length;
    try {
      await expect.poll(() => mine.events.map((e) => e.event), { timeout: 10_000 }).toContain('ready');
      await expect.poll(() => theirs.events.map((e) => e.event), { timeout: 10_000 }).toContain('ready');
      expect((await save(client, { timeZone: 'Pacific/Honolulu' })).status).toBe(200);
      await expect.poll(() => profileNotices(mine), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
      expect(await sessionZone(otherTab)).toBe('Pacific/Honolulu');
      expect(profileNotices(theirs)).toBe(0);
    } finally {
      await mine.cancel();
      await theirs.cancel();
    }
  });
});
