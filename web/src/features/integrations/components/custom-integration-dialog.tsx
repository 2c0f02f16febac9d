import { useRef, useState, type FormEvent, type ReactNode } from 'react';

import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast-store';
import { ApiRequestError } from '../../../lib/api-client';
import { useFormSubmission } from '../../../lib/use-form-submission';
import {
  addCustomIntegration,
  CATEGORY_LABELS,
  saveCustomIntegration,
  type CustomCategory,
  type CustomIntegration,
  type CustomIntegrationInput,
  type CustomIntegrations,
  type CustomMethod,
  type CustomType,
} from '../api/custom-integrations';

type Form = {
  name: string;
  description: string;
  type: CustomType;
  category: CustomCategory;
  url: string;
  apiEndpoint: string;
  method: CustomMethod;
  headers: string;
  apiKey: string;
  requestBody: string;
};

const INPUT = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base aria-[invalid]:border-red-500';
const LABEL = 'block text-sm font-medium text-slate-800';

const formOf = (editing: CustomIntegration | null): Form => ({
  name: editing?.name ?? '',
  description: editing?.description ?? '',
  type: editing?.type ?? 'link',
  category: editing?.category ?? 'crm',
  url: editing?.url ?? '',
  apiEndpoint: editing?.apiEndpoint ?? '',
  method: editing?.method ?? 'POST',
  headers: '',
  apiKey: '',
  requestBody: editing?.requestBody ?? '',
});

/** The server's words for JSON that is not headers. */
const HEADERS_SHAPE = 'Headers must be a JSON object of header names and text values, e.g. {"X-Api-Key": "abc123"}';

/**
 * Spec: headers must be valid JSON ('Invalid JSON format'), and the submit stays off while
 * they are not; JSON that is not an object of text values cannot be headers either. An empty
 * box is no headers (or, on an edit, the saved ones).
 */
function headersProblem(text: string): string | null {
  if (!text.trim()) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return 'Invalid JSON format';
  }
  const isObject = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed);
  return isObject && Object.values(parsed as Record<string, unknown>).every((value) => typeof value === 'string') ? null : HEADERS_SHAPE;
}

/** The spec's required fields, as it words them. */
function requiredProblems(form: Form): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!form.name.trim()) problems.name = 'Integration name is required';
  if (form.type === 'link' && !form.url.trim()) problems.url = 'URL is required for link integrations';
  if (form.type === 'api' && !form.apiEndpoint.trim()) problems.apiEndpoint = 'API endpoint is required for API integrations';
  return problems;
}

type Props = {
  open: boolean;
  /** The integration to edit; null adds a new one. */
  editing: CustomIntegration | null;
  options: Pick<CustomIntegrations, 'categories' | 'methods' | 'methodsWithBody' | 'placeholders'>;
  onClose: () => void;
  onSaved: (saved: CustomIntegration, signingSecret: string | undefined) => void;
};

/** Spec: "An Add Custom Integration button opens the custom integration form" (and the same form edits one). */
export function CustomIntegrationDialog({ open, editing, options, onClose, onSaved }: Props) {
  const [form, setForm] = useState<Form>(() => formOf(editing));
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const body = useRef<HTMLTextAreaElement>(null);
  const failureText = editing ? 'Failed to save custom integration. Please try again.' : 'Failed to add custom integration. Please try again.';
  const {
    busy,
    submit: run,
    errorFor,
  } = useFormSubmission((failure) => {
    const refusal = failure instanceof ApiRequestError && failure.status >= 400 && failure.status < 500 ? failure.message : null;
    toast({ title: refusal ? 'Validation Error' : 'Error', description: refusal ?? failureText, variant: 'destructive' });
  });
  const set = (field: keyof Form) => (event: { target: { value: string } }) => {
    setForm({ ...form, [field]: event.target.value });
    // A message about a field goes once the field is changed.
    if (localErrors[field]) setLocalErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const errorOf = (field: string) => localErrors[field] ?? errorFor(field);
  const headersError = headersProblem(form.headers);
  const hasBody = options.methodsWithBody.includes(form.method);

  const insertPlaceholder = (name: string) => {
    const area = body.current;
    const marker = `{{${name}}}`;
    const [start, end] = area ? [area.selectionStart, area.selectionEnd] : [form.requestBody.length, form.requestBody.length];
    const next = form.requestBody.slice(0, start) + marker + form.requestBody.slice(end);
    setForm({ ...form, requestBody: next });
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + marker.length, start + marker.length);
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (headersError) return;
    const problems = requiredProblems(form);
    setLocalErrors(problems);
    const first = Object.values(problems)[0];
    if (first) return toast({ title: 'Validation Error', description: first, variant: 'destructive' });
    const input: CustomIntegrationInput = { name: form.name.trim(), description: form.description.trim(), type: form.type, category: form.category };
    if (form.type === 'link') input.url = form.url.trim();
    else {
      Object.assign(input, {
        apiEndpoint: form.apiEndpoint.trim(),
        method: form.method,
        requestBody: hasBody && form.requestBody.trim() ? form.requestBody : null,
      });
      if (form.headers.trim()) input.headers = form.headers;
      if (form.apiKey.trim()) input.apiKey = form.apiKey.trim();
    }
    void run(async () => {
      if (editing) {
        const saved = await saveCustomIntegration(editing.integrationId, input);
        toast({ title: 'Custom Integration Saved', description: `${saved.name} is saved.` });
        onSaved(saved, undefined);
      } else {
        const added = await addCustomIntegration(input);
        toast({ title: 'Custom Integration Added', description: `${added.integration.name} was added to your integrations.` });
        onSaved(added.integration, added.signingSecret);
      }
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !busy && onClose()}>
      <DialogContent className="max-w-2xl" data-testid="custom-integration-dialog">
        <DialogTitle>{editing ? `Edit ${editing.name}` : 'Add Custom Integration'}</DialogTitle>
        <DialogDescription>
          A link opens a tool you use; an API integration receives each lead you buy, signed so your endpoint can check it came from us.
        </DialogDescription>
        <form className="space-y-4" onSubmit={submit} noValidate>
          <FormField label="Integration name" name="name" autoComplete="off" maxLength={100} value={form.name} onChange={set('name')} error={errorOf('name')} />
          <div>
            <label htmlFor="field-description" className={LABEL}>
              Description (optional)
            </label>
            <textarea id="field-description" rows={2} maxLength={500} value={form.description} onChange={set('description')} className={INPUT} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Select label="Type" name="type" value={form.type} onChange={set('type')} disabled={editing !== null}>
              <option value="link">Link</option>
              <option value="api">API</option>
            </Select>
            <Select label="Category" name="category" value={form.category} onChange={set('category')}>
              {options.categories.map((category) => (
                <option key={category} value={category}>
                  {CATEGORY_LABELS[category]}
                </option>
              ))}
            </Select>
          </div>
          {form.type === 'link' ? (
            <FormField
              label="URL"
              name="url"
              type="url"
              placeholder="https://"
              autoComplete="off"
              value={form.url}
              onChange={set('url')}
              error={errorOf('url')}
            />
          ) : (
            <>
              <div className="grid gap-4 sm:grid-cols-[1fr_9rem]">
                <FormField
                  label="API endpoint"
                  name="apiEndpoint"
                  type="url"
                  placeholder="https://"
                  autoComplete="off"
                  value={form.apiEndpoint}
                  onChange={set('apiEndpoint')}
                  error={errorOf('apiEndpoint')}
                />
                <Select label="Method" name="method" value={form.method} onChange={set('method')}>
                  {options.methods.map((method) => (
                    <option key={method} value={method}>
                      {method}
                    </option>
                  ))}
                </Select>
              </div>
              <div>
                <label htmlFor="field-headers" className={LABEL}>
                  Headers (JSON, optional)
                </label>
                <textarea
                  id="field-headers"
                  rows={3}
                  spellCheck={false}
                  placeholder={
                    editing?.headerNames.length
                      ? `Saved: ${editing.headerNames.join(', ')}. Leave empty to keep them, {} to remove them.`
                      : '{"X-Api-Key": "your-key"}'
                  }
                  value={form.headers}
                  onChange={set('headers')}
                  aria-invalid={headersError || errorOf('headers') ? true : undefined}
                  aria-describedby="field-headers-error"
                  className={`${INPUT} font-mono text-sm`}
                />
                {(headersError ?? errorOf('headers')) && (
                  <p id="field-headers-error" className="mt-1 text-sm text-red-600">
                    {headersError ?? errorOf('headers')}
                  </p>
                )}
              </div>
              <FormField
                label="API key (optional)"
                name="apiKey"
                type="password"
                autoComplete="off"
                placeholder={
                  editing?.secretHints.apiKey ? `Saved as ${editing.secretHints.apiKey}; leave empty to keep it` : 'Sent as Authorization: Bearer <key>'
                }
                value={form.apiKey}
                onChange={set('apiKey')}
                error={errorOf('apiKey')}
              />
              {hasBody ? (
                <div>
                  <label htmlFor="field-requestBody" className={LABEL}>
                    Request body template (optional)
                  </label>
                  <textarea
                    id="field-requestBody"
                    ref={body}
                    rows={5}
                    spellCheck={false}
                    placeholder={'{"name": "{{full_name}}", "phone": "{{phone}}"}'}
                    value={form.requestBody}
                    onChange={set('requestBody')}
                    aria-invalid={errorOf('requestBody') ? true : undefined}
                    aria-describedby="field-requestBody-hint"
                    className={`${INPUT} font-mono text-sm`}
                  />
                  <p id="field-requestBody-hint" className={errorOf('requestBody') ? 'mt-1 text-sm text-red-600' : 'mt-1 text-xs text-slate-600'}>
                    {errorOf('requestBody') ??
                      'Placeholders are filled from each lead when it is sent, escaped for JSON or form bodies. Without a template the lead is sent as JSON.'}
                  </p>
                  <Placeholders names={options.placeholders} onInsert={insertPlaceholder} />
                </div>
              ) : (
                <p className="text-sm text-slate-600">
                  A {form.method} request carries no body: each lead is sent as query parameters named like the placeholders (first_name, phone …).
                </p>
              )}
            </>
          )}
          <div className="flex justify-end gap-3">
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy || headersError !== null}>
              {busy ? 'Saving...' : editing ? 'Save' : 'Add Integration'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function Select({
  label,
  name,
  children,
  ...select
}: {
  label: string;
  name: string;
  children: ReactNode;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  disabled?: boolean;
}) {
  return (
    <div>
      <label htmlFor={`field-${name}`} className={LABEL}>
        {label}
      </label>
      <select id={`field-${name}`} name={name} className={INPUT} {...select}>
        {children}
      </select>
    </div>
  );
}

function Placeholders({ names, onInsert }: { names: CustomIntegrations['placeholders']; onInsert: (name: string) => void }) {
  return (
    <div className="mt-2">
      <p className="text-xs font-medium text-slate-700">Insert a placeholder:</p>
      <ul className="mt-1 flex flex-wrap gap-1" aria-label="Placeholders">
        {names.map((placeholder) => (
          <li key={placeholder.name}>
            <button
              type="button"
              title={placeholder.description}
              onClick={() => onInsert(placeholder.name)}
              className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-800 hover:border-brand-500 hover:text-brand-700"
            >
              {`{{${placeholder.name}}}`}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
