import { Camera, Pencil } from 'lucide-react';
import { lazy, Suspense, useRef, useState, type ChangeEvent } from 'react';

import { PROFILE_TOPIC } from '../../../../../src/modules/identity/contracts/identity.events';
import { useSession } from '../../../app/session-store';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { toast } from '../../../components/ui/toast-store';
import { zoneLabel } from '../../../lib/format';
import { useApiQuery } from '../../../lib/use-api-query';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { fetchProfile, uploadAvatar } from '../api/profile';
import { initialsOf } from '../initials';

// The edit dialog's code (with the phone number rules) loads at its first opening.
const EditProfileDialog = lazy(() => import('./edit-profile-dialog').then((module) => ({ default: module.EditProfileDialog })));

/** The profile with its phone number as people read it: the phone formats' code (25 KB) loads only for a profile that has one. */
async function fetchShownProfile() {
  const profile = await fetchProfile();
  return { ...profile, phoneShown: profile.phone ? (await import('../../../lib/phone')).formatPhone(profile.phone) : null };
}

/** At most what the server takes (the support desk's upload limit); checked here too so a large file is not sent for nothing. */
const MAX_PICTURE_BYTES = 10 * 1024 * 1024;
const PICTURE_FAILED = 'Failed to update profile picture. Please try again.';

/** Account Info (spec /profile): the picture with its upload, name, role badge, e-mail, phone, time zone and the edit dialog. */
export function AccountInfoCard() {
  const profile = useApiQuery('/api/profile', fetchShownProfile, { failure: 'Failed to load your profile', reloadOn: [PROFILE_TOPIC] });
  const [editing, setEditing] = useState(false);
  const editorOpened = useOpenedOnce(editing);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const data = profile.data;

  const pictureChosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_PICTURE_BYTES) {
      toast({ title: 'Error', description: `${file.name} exceeds 10MB limit`, variant: 'destructive' });
      return;
    }
    setUploading(true);
    try {
      const { avatarUrl } = await uploadAvatar(file);
      profile.update((current) => current && { ...current, avatarUrl });
      toast({ title: 'Success', description: 'Profile picture updated successfully!' });
    } catch {
      toast({ title: 'Error', description: PICTURE_FAILED, variant: 'destructive' });
    } finally {
      setUploading(false);
    }
  };

  // A new zone changes every time the portal shows: the session answer carries it.
  const saved = () => {
    void profile.reload();
    void useSession.getState().load();
  };

  return (
    <section aria-labelledby="account-info-title" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      {/* As tall as the Edit button, which comes with the data. */}
      <div className="flex min-h-9 items-start justify-between gap-3">
        <h2 id="account-info-title" className="text-lg font-semibold text-brand-900">
          Account Info
        </h2>
        {data && (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            <Pencil className="h-4 w-4" aria-hidden /> Edit
          </Button>
        )}
      </div>
      {profile.loading ? (
        // About the height of the picture and the details, so the cards below do not move when they come.
        <Loading className="min-h-[21.5rem] sm:min-h-[17.5rem]" />
      ) : !data ? (
        <p className="mt-4 text-sm text-slate-600">Your account information could not be loaded.</p>
      ) : (
        <>
          <div className="mt-4 flex flex-wrap items-center gap-4">
            <div className="relative">
              {data.avatarUrl ? (
                <img src={data.avatarUrl} alt="Your profile picture" className="h-20 w-20 rounded-full object-cover" data-testid="avatar-image" />
              ) : (
                <span
                  aria-label="Your initials"
                  role="img"
                  className="flex h-20 w-20 items-center justify-center rounded-full bg-brand-100 text-2xl font-semibold text-brand-800"
                  data-testid="avatar-initials"
                >
                  {initialsOf(data.displayName)}
                </span>
              )}
              <Button
                size="icon"
                variant="outline"
                className="absolute -bottom-1 -right-1 h-8 w-8 rounded-full"
                aria-label="Change profile picture"
                title="Change profile picture"
                disabled={uploading}
                onClick={() => fileInput.current?.click()}
              >
                <Camera className="h-4 w-4" aria-hidden />
              </Button>
              <input
                ref={fileInput}
                type="file"
                accept="image/*"
                className="sr-only"
                tabIndex={-1}
                aria-hidden
                onChange={pictureChosen}
                data-testid="avatar-input"
              />
            </div>
            <div className="min-w-0">
              <p className="break-words text-xl font-semibold text-slate-900">{data.displayName ?? data.email}</p>
              <span className="mt-1 inline-block rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">{data.role || 'User'}</span>
              {uploading && <p className="mt-1 text-sm text-slate-600">Uploading picture...</p>}
            </div>
          </div>
          <dl className="mt-6 grid gap-4 text-sm sm:grid-cols-2">
            <div>
              <dt className="font-medium text-slate-600">Email</dt>
              <dd className="mt-0.5 break-all text-slate-900">{data.email}</dd>
            </div>
            <div>
              <dt className="font-medium text-slate-600">Phone</dt>
              <dd className="mt-0.5 text-slate-900">{data.phoneShown ?? 'Not provided'}</dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="font-medium text-slate-600">SAT leader</dt>
              <dd className="mt-0.5 text-slate-900" data-testid="profile-sat-leader">
                {data.satLeader ? (
                  <>
                    {data.satLeader.displayName ?? data.satLeader.email}
                    {data.satLeader.displayName && <span className="break-all text-slate-600"> ({data.satLeader.email})</span>}
                  </>
                ) : (
                  'Not chosen'
                )}
                <span className="mt-1 block text-xs text-slate-600">To change your SAT leader, ask an admin: admins change it on the Users page.</span>
              </dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="font-medium text-slate-600">Timezone</dt>
              <dd className="mt-0.5 text-slate-900" data-testid="profile-time-zone">
                {zoneLabel(data.effectiveTimeZone)}
                {data.timeZone === null && <span className="text-slate-600"> (organisation default)</span>}
              </dd>
            </div>
          </dl>
          {editorOpened && (
            <Suspense fallback={null}>
              <EditProfileDialog profile={data} open={editing} onOpenChange={setEditing} onSaved={saved} />
            </Suspense>
          )}
        </>
      )}
    </section>
  );
}
