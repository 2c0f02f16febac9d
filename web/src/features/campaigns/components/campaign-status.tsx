import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/toast-store';
import { budgetLeft, setCampaignActive, type Campaign } from '../api/campaigns';

const STATUS_LABEL: Record<Campaign['status'], string> = { active: 'Active', paused: 'Paused', funding: 'Starting', ended: 'Ended', unfunded: 'Not funded' };

/** Running with nothing left of its budget: it buys nothing until the budget is raised. */
export const isOutOfBudget = (campaign: Campaign) => campaign.status === 'active' && budgetLeft(campaign) === 0;

/** A campaign's badge and, while it runs or is paused, its switch with Running/Paused (spec: /campaigns); Out of budget when nothing is left. */
export function CampaignStatus({ campaign, onChanged }: { campaign: Campaign; onChanged: () => Promise<void> }) {
  const live = campaign.status === 'active' || campaign.status === 'paused';
  const outOfBudget = isOutOfBudget(campaign);
  const toggle = async (active: boolean) => {
    try {
      await setCampaignActive(campaign.campaignId, active);
      toast({ title: active ? 'Campaign Activated' : 'Campaign Paused', description: campaign.name });
    } catch {
      toast({ title: 'Error', description: 'Failed to update campaign status', variant: 'destructive' });
    }
    await onChanged();
  };
  const badge = outOfBudget ? 'bg-amber-100 text-amber-900' : campaign.status === 'active' ? 'bg-green-100 text-green-800' : 'bg-slate-200 text-slate-800';
  return (
    <div className="flex items-center gap-2">
      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${badge}`}>{outOfBudget ? 'Out of budget' : STATUS_LABEL[campaign.status]}</span>
      {/* Named for what "on" means, so a paused campaign is read as "running, off", not as "active". */}
      {live && <Switch checked={campaign.status === 'active'} label={`${campaign.name} running`} onCheckedChange={(active) => void toggle(active)} />}
      {live && <span className="text-sm text-slate-700">{campaign.status === 'active' ? 'Running' : 'Paused'}</span>}
    </div>
  );
}
