import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { useEffect, useState, type FormEvent } from 'react';

import { PROFILE_TIME_ZONES } from '../../../../../src/modules/identity/contracts/profile-time-zones';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast-store';
import { ApiRequestError } from '../../../lib/api-client';
import { zoneLabel, zoneName } from '../../../lib/format';
import { updateProfile, type Profile } from '../api/profile';

const PHONE_INVALID = 'Enter a valid phone number (US numbers may leave out +1).';
/** The select's value for "no zone chosen": the organisation's applies. */
const ORGANISATION_ZONE = '';

type Props = { readonly profile: Profile; readonly open: boolean; readonly onOpenChange: (open: boolean) => void; readonly onSaved: () => void };

/**
 * Edit Account Information (spec sections 5 and 8): display name and phone are optional (blank is
 * stored as none), the time zone is one of the spec's list or the organisation's. The dialog
 * closes only when it is not saving.
 */
export function EditProfileDialog({ profile, open, onOpenChange, onSaved }: Props) {
  const [displayName, setDisplayName] = useState('');
  const [phone, setPhone] = useState('');
  const [timeZone, setTimeZone] = useState(ORGANISATION_ZONE);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  // Each opening starts from what is saved.
  useEffect(() => {
    if (!open) return;
    setDisplayName(profile.displayName ?? '');
    setPhone(profile.phone ?? '');
    setTimeZone(profile.timeZone ?? ORGANISATION_ZONE);
    setPhoneError(null);
  }, [open, profile]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typedPhone = phone.trim();
    if (typedPhone && !parsePhoneNumberFromString(typedPhone, 'US')?.isValid()) {
      setPhoneError(PHONE_INVALID);
      return;
    }
    setPhoneError(null);
    setSaving(true);
    try {
      await updateProfile({ displayName: displayName.trim() || null, phone: typedPhone || null, timeZone: timeZone || null });
      toast({ title: 'Profile Updated', description: 'Your account information has been saved successfully.' });
      onSaved();
      onOpenChange(false);
    } catch (error) {
      const field = error instanceof ApiRequestError ? error.fieldErrors.find((f) => f.field === 'phone') : undefined;
      if (field) setPhoneError(field.message);
      toast({ title: 'Update Failed', description: 'Unable to update profile. Please try again.', variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !saving && onOpenChange(next)}>
      <DialogContent>
        <DialogTitle>Edit Account Information</DialogTitle>
        <DialogDescription>Your name, phone and the time zone every page, export and e-mail of yours uses.</DialogDescription>
        <form className="space-y-4" onSubmit={submit} noValidate>
          <FormField
            label="Display Name"
            name="displayName"
            value={displayName}
            maxLength={100}
            autoComplete="name"
            placeholder="Your name"
            onChange={(e) => setDisplayName(e.target.value)}
          />
          <FormField
            label="Phone"
            name="phone"
            type="tel"
            value={phone}
            autoComplete="tel"
            placeholder="(305) 555-0123"
            error={phoneError}
            onChange={(e) => {
              setPhone(e.target.value);
              setPhoneError(null);
            }}
          />
          <div>
            <label htmlFor="field-timeZone" className="block text-sm font-medium text-slate-800">
              Timezone
            </label>
            <select
              id="field-timeZone"
              name="timeZone"
              value={timeZone}
              onChange={(e) => setTimeZone(e.target.value)}
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base"
            >
              <option value={ORGANISATION_ZONE}>Organisation default ({zoneName(profile.organisationTimeZone)})</option>
              {PROFILE_TIME_ZONES.map((zone) => (
                <option key={zone} value={zone}>
                  {zoneLabel(zone)}
                </option>
              ))}
            </select>
            <p className="mt-1 text-sm text-slate-600">In effect: {zoneLabel(timeZone || profile.organisationTimeZone)}</p>
          </div>
          <div className="flex justify-end gap-3">
            <Button type="button" variant="outline" disabled={saving} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
