import { z } from 'zod';

import { MAX_GROUP_MEMBERS, MAX_GROUP_NAME } from './agent-groups.js';

/** The bodies and route parameters of the /groups routes. */
export const groupNameRequest = z.object({
  name: z.string({ message: 'Please enter a group name.' }).max(MAX_GROUP_NAME, `A group name is at most ${MAX_GROUP_NAME} characters.`),
});
export const groupMembersRequest = z.object({
  emails: z
    .array(z.string().trim().toLowerCase().pipe(z.email('Please enter a valid e-mail address')), { message: 'Send the members’ e-mail addresses' })
    .min(1, 'Add at least one e-mail address')
    .max(MAX_GROUP_MEMBERS, `At most ${MAX_GROUP_MEMBERS} at a time`),
});
export const groupIdParam = z.uuid('No such group.');
export const memberIdParam = z.uuid('No such member.');
export const invitedEmailParam = z.string().trim().toLowerCase().pipe(z.email('No such invitation.'));

/** A group that is not the agent's own is answered 404 and recorded as an unauthorized access. */
export const GROUP_NOT_YOURS = { codes: ['GROUP_NOT_FOUND'], resource: 'group' } as const;
