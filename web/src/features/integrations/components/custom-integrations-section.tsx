import { ExternalLink, ListChecks, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';

import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { ShownOnceDialog } from '../../../components/ui/shown-once-dialog';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/toast-store';
import { durationWords } from '../../../lib/duration';
import { CATEGORY_LABELS, deleteCustomIntegration, setCustomIntegrationStatus, type CustomIntegration } from '../api/custom-integrations';
import { DeliveryHealth } from '../delivery-health';
import { DeliveryLogCard } from '../delivery-log-card';
import { SigningSecretRotation } from '../signing-secret-rotation';

type Props = {
  /** How long a rotated-out signing secret keeps signing (the server's setting). */
  graceSeconds: number;
  integrations: CustomIntegration[];
  onEdit: (integration: CustomIntegration) => void;
  onChanged: () => void;
};

/** Below the five providers: the agent's own custom integrations, links to open and APIs that receive leads. */
export function CustomIntegrationsSection({ integrations, graceSeconds, onEdit, onChanged }: Props) {
  const [deleting, setDeleting] = useState<CustomIntegration | null>(null);
  const [switching, setSwitching] = useState<string | null>(null);
  const [inspecting, setInspecting] = useState<string | null>(null);
  const inspected = integrations.find((i) => i.integrationId === inspecting) ?? null;
  /** A secret just made by a rotation, shown once as at the add. */
  const [rotated, setRotated] = useState<{ name: string; secret: string } | null>(null);

  const setActive = async (integration: CustomIntegration, active: boolean) => {
    setSwitching(integration.integrationId);
    try {
      await setCustomIntegrationStatus(integration.integrationId, active ? 'active' : 'inactive');
      toast({
        title: active ? 'Integration Activated' : 'Integration Deactivated',
        description: active ? `${integration.name} receives your new leads.` : `${integration.name} receives no leads until you activate it.`,
      });
    } catch (error) {
      toast({ title: 'Error', description: error instanceof Error ? error.message : 'Failed to update the integration', variant: 'destructive' });
    }
    setSwitching(null);
    onChanged();
  };

  const remove = async (integration: CustomIntegration) => {
    setDeleting(null);
    try {
      await deleteCustomIntegration(integration.integrationId);
      toast({ title: 'Integration Deleted', description: `${integration.name} was deleted.` });
    } catch (error) {
      toast({ title: 'Error', description: error instanceof Error ? error.message : 'Failed to delete the integration', variant: 'destructive' });
    }
    onChanged();
  };

  return (
    <section aria-labelledby="custom-integrations-heading" className="space-y-3">
      <h2 id="custom-integrations-heading" className="text-lg font-semibold text-slate-900">
        Custom integrations
      </h2>
      {integrations.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">
          No custom integrations yet. Add a link to a tool you use, or an API endpoint that receives your leads.
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" aria-label="Custom integrations">
          {integrations.map((integration) => (
            <li key={integration.integrationId} className="flex flex-wrap items-center gap-3 p-4" data-testid="custom-integration">
              <div className="min-w-[14rem] flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="break-words font-semibold text-slate-900">{integration.name}</h3>
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800">{CATEGORY_LABELS[integration.category]}</span>
                  <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-900">
                    {integration.type === 'link' ? 'Link' : 'API'}
                  </span>
                  {integration.type === 'api' && (
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${integration.status === 'active' ? 'bg-green-100 text-green-800' : integration.disabled ? 'bg-red-100 text-red-900' : 'bg-slate-200 text-slate-800'}`}
                    >
                      {integration.status === 'active' ? 'Active' : integration.disabled ? 'Turned off: failing' : 'Inactive'}
                    </span>
                  )}
                </div>
                {integration.description && <p className="mt-1 break-words text-sm text-slate-600">{integration.description}</p>}
                <p className="mt-1 break-all text-xs text-slate-600">
                  {integration.type === 'link' ? integration.url : `${integration.method ?? ''} ${integration.apiEndpoint ?? ''}`}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                {integration.type === 'link' ? (
                  <Button asChild variant="outline" size="sm">
                    <a href={integration.url ?? undefined} target="_blank" rel="noopener noreferrer" aria-label={`Open ${integration.name}`}>
                      <ExternalLink className="h-4 w-4" aria-hidden /> Open
                    </a>
                  </Button>
                ) : (
                  <Switch
                    checked={integration.status === 'active'}
                    onCheckedChange={(active) => void setActive(integration, active)}
                    label={`Active: ${integration.name}`}
                    disabled={switching === integration.integrationId}
                  />
                )}
                {integration.type === 'api' && (
                  <Button variant="outline" size="sm" aria-label={`Deliveries to ${integration.name}`} onClick={() => setInspecting(integration.integrationId)}>
                    <ListChecks className="h-4 w-4" aria-hidden /> Deliveries
                  </Button>
                )}
                <Button variant="ghost" size="icon" aria-label={`Edit ${integration.name}`} onClick={() => onEdit(integration)}>
                  <Pencil className="h-4 w-4" aria-hidden />
                </Button>
                <Button variant="ghost" size="icon" aria-label={`Delete ${integration.name}`} onClick={() => setDeleting(integration)}>
                  <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Dialog open={inspected !== null} onOpenChange={(open) => !open && setInspecting(null)}>
        <DialogContent className="max-w-3xl">
          <DialogTitle>Deliveries to {inspected?.name}</DialogTitle>
          <DialogDescription>Each lead you get is sent to {inspected?.name} while it is active; every attempt is listed here.</DialogDescription>
          {inspected && (
            <div className="space-y-4">
              {inspected.secretHints.signingSecret && (
                <SigningSecretRotation
                  integrationId={inspected.integrationId}
                  name={inspected.name}
                  hint={inspected.secretHints.signingSecret}
                  previousUntil={inspected.previousSigningSecretUntil}
                  graceSeconds={graceSeconds}
                  onRotated={(secret) => {
                    setRotated({ name: inspected.name, secret });
                    onChanged();
                  }}
                />
              )}
              <DeliveryHealth
                integration={{
                  integrationId: inspected.integrationId,
                  name: inspected.name,
                  connected: inspected.status === 'active',
                  disabled: inspected.disabled,
                  failingSince: inspected.failingSince,
                  held: inspected.heldDeliveries,
                }}
                onChanged={onChanged}
              />
              <DeliveryLogCard integrationId={inspected.integrationId} name={inspected.name} connected={inspected.status === 'active'} />
            </div>
          )}
        </DialogContent>
      </Dialog>
      <ShownOnceDialog
        value={rotated?.secret ?? null}
        title="New signing secret"
        description={
          graceSeconds > 0
            ? `Requests to “${rotated?.name ?? ''}” are now signed with this secret, and for the next ${durationWords(graceSeconds)} with the previous one too, so your endpoint keeps accepting them while you switch it over. It will not be shown again: copy it now.`
            : `Requests to “${rotated?.name ?? ''}” are now signed with this secret only: switch your endpoint over now. It will not be shown again: copy it now.`
        }
        noun="signing secret"
        testId="signing-secret"
        onClose={() => setRotated(null)}
      />
      <ConfirmDialog
        subject={deleting}
        title="Delete this integration?"
        description={(integration) =>
          `“${integration.name}” will be deleted${integration.type === 'api' ? ' and receive no more leads' : ''}. This cannot be undone.`
        }
        confirmLabel="Delete"
        onConfirm={(integration) => void remove(integration)}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
