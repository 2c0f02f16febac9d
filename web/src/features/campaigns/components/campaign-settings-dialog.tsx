import { useEffect, useState, type FormEvent } from 'react';

import { US_STATES } from '../../../../../src/modules/marketplace/contracts/us-states';
import { fetchGroups } from '../../../app/api/groups';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { orgZone, zoneLabel } from '../../../lib/format';
import { useApiQuery } from '../../../lib/use-api-query';
import { changeSettings, type Campaign } from '../api/campaigns';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const HOURS = Array.from({ length: 25 }, (_, hour) => hour);
export const hourLabel = (hour: number) => (hour === 24 ? 'midnight' : `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'AM' : 'PM'}`);

const capInput = (value: string): number | null | 'bad' => (value.trim() === '' ? null : /^\d+$/.test(value.trim()) ? Number(value) : 'bad');

/** The campaign's name and targeting: states, daily and weekly caps, and buying hours in the agent's time zone (the session's: chosen on the profile, else the organisation's), which saving gives it. */
export function CampaignSettingsDialog({
  campaign,
  open,
  onOpenChange,
  onSaved,
}: {
  campaign: Campaign;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
  const [name, setName] = useState(campaign.name);
  const [states, setStates] = useState<string[]>([...campaign.targeting.states]);
  const [dailyCap, setDailyCap] = useState(campaign.targeting.dailyCap?.toString() ?? '');
  const [weeklyCap, setWeeklyCap] = useState(campaign.targeting.weeklyCap?.toString() ?? '');
  const [scheduled, setScheduled] = useState(campaign.targeting.schedule !== null);
  const [days, setDays] = useState<number[]>(campaign.targeting.schedule?.days ?? [1, 2, 3, 4, 5]);
  const [fromHour, setFromHour] = useState(campaign.targeting.schedule?.fromHour ?? 9);
  const [toHour, setToHour] = useState(campaign.targeting.schedule?.toHour ?? 17);
  const [groupId, setGroupId] = useState(campaign.targeting.roundRobinGroupId ?? '');
  // The groups to share the leads with (none shown when they cannot be loaded).
  const { data: groups = [] } = useApiQuery('/api/groups', fetchGroups, { failure: 'Failed to load groups', enabled: open, expected: () => true });
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setName(campaign.name);
    setStates([...campaign.targeting.states]);
    setDailyCap(campaign.targeting.dailyCap?.toString() ?? '');
    setWeeklyCap(campaign.targeting.weeklyCap?.toString() ?? '');
    setScheduled(campaign.targeting.schedule !== null);
    setDays(campaign.targeting.schedule?.days ?? [1, 2, 3, 4, 5]);
    setFromHour(campaign.targeting.schedule?.fromHour ?? 9);
    setToHour(campaign.targeting.schedule?.toHour ?? 17);
    setGroupId(campaign.targeting.roundRobinGroupId ?? '');
  }, [open, campaign]);

  const toggle = <T,>(list: T[], item: T) => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const daily = capInput(dailyCap);
    const weekly = capInput(weeklyCap);
    if (name.trim() === '') return toast({ title: 'Invalid Input', description: 'Please enter a campaign name.', variant: 'destructive' });
    if (daily === 'bad' || weekly === 'bad')
      return toast({ title: 'Invalid Input', description: 'A lead cap is a whole number from 1 to 10,000.', variant: 'destructive' });
    setSaving(true);
    try {
      await changeSettings(campaign.campaignId, {
        name,
        targeting: {
          states,
          dailyCap: daily,
          weeklyCap: weekly,
          schedule: scheduled ? { days: [...days].sort(), fromHour, toHour } : null,
          roundRobinGroupId: groupId || null,
        },
      });
      toast({ title: 'Campaign Updated', description: name.trim() });
      onOpenChange(false);
      onSaved();
    } catch (error) {
      toast({
        title: 'Operation Failed',
        description: error instanceof Error ? error.message : 'Unable to complete operation. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  };

  const field = 'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base';
  return (
    <Dialog open={open} onOpenChange={(next) => !saving && onOpenChange(next)}>
      <DialogContent className="max-w-2xl" blocking={saving}>
        <DialogTitle>Campaign settings</DialogTitle>
        <DialogDescription>
          Which leads this campaign buys, and when. Hours and days (for the caps too) are in {zoneLabel()}
          {campaign.targeting.timeZone === orgZone() ? '.' : `; saving moves them from ${zoneLabel(campaign.targeting.timeZone)}.`}
        </DialogDescription>
        <form onSubmit={(e) => void submit(e)} className="space-y-5">
          <div>
            <label htmlFor="settings-name" className="block text-sm font-medium text-slate-800">
              Campaign name
            </label>
            <input id="settings-name" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} className={field} />
          </div>
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">States {states.length === 0 ? '(every state)' : `(${states.length} chosen)`}</legend>
            <div className="mt-2 grid max-h-44 grid-cols-4 gap-x-2 gap-y-1 overflow-y-auto rounded-md border border-slate-200 p-2 sm:grid-cols-8">
              {US_STATES.map((code) => (
                <label key={code} className="flex items-center gap-1.5 text-sm">
                  <input type="checkbox" checked={states.includes(code)} onChange={() => setStates((list) => toggle(list, code))} />
                  {code}
                </label>
              ))}
            </div>
            {states.length > 0 && (
              <button type="button" className="mt-1 text-sm text-brand-800 underline" onClick={() => setStates([])}>
                Clear (buy from every state)
              </button>
            )}
          </fieldset>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <div>
              <label htmlFor="settings-daily" className="block text-sm font-medium text-slate-800">
                Daily cap (leads, blank for none)
              </label>
              <input id="settings-daily" inputMode="numeric" value={dailyCap} onChange={(e) => setDailyCap(e.target.value)} className={field} />
            </div>
            <div>
              <label htmlFor="settings-weekly" className="block text-sm font-medium text-slate-800">
                Weekly cap (leads, blank for none)
              </label>
              <input id="settings-weekly" inputMode="numeric" value={weeklyCap} onChange={(e) => setWeeklyCap(e.target.value)} className={field} />
            </div>
          </div>
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Buying hours</legend>
            <label className="mt-2 flex items-center gap-2 text-sm">
              <input type="checkbox" checked={scheduled} onChange={(e) => setScheduled(e.target.checked)} />
              Only buy on some days and hours
            </label>
            {scheduled && (
              <div className="mt-2 space-y-3">
                <div className="flex flex-wrap gap-2" role="group" aria-label="Days">
                  {DAYS.map((day, index) => (
                    <label key={day} className="flex items-center gap-1.5 rounded-md border border-slate-200 px-2 py-1 text-sm">
                      <input type="checkbox" checked={days.includes(index)} onChange={() => setDays((list) => toggle(list, index))} />
                      {day}
                    </label>
                  ))}
                </div>
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <label htmlFor="settings-from">From</label>
                  <select
                    id="settings-from"
                    value={fromHour}
                    onChange={(e) => setFromHour(Number(e.target.value))}
                    className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-base"
                  >
                    {HOURS.slice(0, 24).map((hour) => (
                      <option key={hour} value={hour}>
                        {hourLabel(hour)}
                      </option>
                    ))}
                  </select>
                  <label htmlFor="settings-to">to</label>
                  <select
                    id="settings-to"
                    value={toHour}
                    onChange={(e) => setToHour(Number(e.target.value))}
                    className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-base"
                  >
                    {HOURS.slice(1).map((hour) => (
                      <option key={hour} value={hour}>
                        {hourLabel(hour)}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
            )}
          </fieldset>
          <div>
            <label htmlFor="settings-group" className="block text-sm font-medium text-slate-800">
              Share leads with a group
            </label>
            <select id="settings-group" value={groupId} onChange={(e) => setGroupId(e.target.value)} className={`${field} bg-white`}>
              <option value="">Nobody: I keep the leads</option>
              {groups.map((group) => (
                <option key={group.groupId} value={group.groupId}>
                  {group.name} ({group.memberCount} member{group.memberCount === 1 ? '' : 's'}), in turn
                </option>
              ))}
            </select>
            <p className="mt-1 text-xs text-slate-600">
              Each lead this campaign buys goes to the next member of the group, round-robin. You still own and pay for the leads.
            </p>
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" disabled={saving} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : 'Save settings'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
