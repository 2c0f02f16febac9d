import { api } from '../../../lib/api-client';

export type CustomType = 'link' | 'api';
export type CustomMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type CustomCategory = 'crm' | 'email' | 'sms' | 'voip' | 'automation' | 'analytics' | 'social' | 'other';

export type CustomIntegration = {
  integrationId: string;
  name: string;
  description: string | null;
  type: CustomType;
  category: CustomCategory;
  status: 'active' | 'inactive';
  url: string | null;
  apiEndpoint: string | null;
  method: CustomMethod | null;
  requestBody: string | null;
  headerNames: string[];
  /** The API key and the signing secret, each shown as its last four characters after a mask. */
  secretHints: Record<string, string>;
  /** Turned off automatically after its deliveries kept failing: when, and why. */
  disabled: { at: string; reason: string | null } | null;
  failingSince: string | null;
  heldDeliveries: number;
  /** After a rotation of the signing secret: until when the one it replaced still signs beside it. */
  previousSigningSecretUntil: string | null;
};

export type Placeholder = { name: string; description: string };
export type CustomIntegrations = {
  integrations: CustomIntegration[];
  categories: CustomCategory[];
  methods: CustomMethod[];
  methodsWithBody: CustomMethod[];
  placeholders: Placeholder[];
  limit: number;
  /** How long a rotated-out signing secret keeps signing beside the new one. */
  signingSecretGraceSeconds: number;
};

/** The form as sent: link fields or API fields; an absent apiKey or headers keeps the saved one on an edit. */
export type CustomIntegrationInput = {
  name: string;
  description: string;
  type: CustomType;
  category: CustomCategory;
  url?: string;
  apiEndpoint?: string;
  method?: CustomMethod;
  headers?: string;
  apiKey?: string;
  requestBody?: string | null;
};

export const CATEGORY_LABELS: Record<CustomCategory, string> = {
  crm: 'CRM',
  email: 'Email',
  sms: 'SMS',
  voip: 'VoIP',
  automation: 'Automation',
  analytics: 'Analytics',
  social: 'Social',
  other: 'Other',
};

export const fetchCustomIntegrations = () => api<CustomIntegrations>('GET', '/api/integrations/custom');
export const addCustomIntegration = (input: CustomIntegrationInput) =>
  api<{ success: true; integrationId: string; signingSecret?: string; integration: CustomIntegration }>('POST', '/api/integrations/custom', input);
export const saveCustomIntegration = (integrationId: string, input: CustomIntegrationInput) =>
  api<CustomIntegration>('PUT', `/api/integrations/custom/${integrationId}`, input);
export const setCustomIntegrationStatus = (integrationId: string, status: 'active' | 'inactive') =>
  api<CustomIntegration>('PUT', `/api/integrations/custom/${integrationId}/status`, { status });
export const deleteCustomIntegration = (integrationId: string) => api<{ success: true }>('DELETE', `/api/integrations/custom/${integrationId}`);
