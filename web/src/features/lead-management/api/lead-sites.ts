import { api } from '../../../lib/api-client';

/** The external lead sites the Lead Management page's cards open (server configuration). */
export type LeadSites = { dataLeadsUrl: string; agedLeadsUrl: string };

export const fetchLeadSites = () => api<LeadSites>('GET', '/api/lead-sites');
