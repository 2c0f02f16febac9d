import { z } from 'zod';

/** Whether a vendor may post leads with source aged_leads; otherwise only an admin's import or the ageing job puts leads in the aged inventory. */
export const sendsAgedLeadsField = z.boolean({ message: 'sendsAgedLeads must be true or false' });

/** The intake's refusal of an aged lead from a vendor without that setting. */
export const AGED_LEADS_NOT_FROM_VENDORS = 'This vendor may not send aged leads; an admin imports them';
