import { api } from '../../lib/api-client';

export type Group = { groupId: string; name: string; memberCount: number; invitedCount: number; createdAt: string };
export type Member = { memberId: string; name: string; email: string; addedAt: string };
/** An address invited to the group that has not answered: shown as typed. */
export type Invitation = { email: string; status: 'invited'; invitedAt: string };
export type GroupDetail = { groupId: string; name: string; createdAt: string; members: Member[]; invitations: Invitation[] };
export type MemberResult = { email: string; status: 'invited' | 'already' | 'self' };
/** Someone else's group, as its invitee or member sees it. */
export type OthersGroup = { groupId: string; groupName: string; ownerName: string; ownerEmail: string };
export type InvitationToMe = OthersGroup & { invitedAt: string };
export type Membership = OthersGroup & { joinedAt: string };
export type ImportReport = {
  groupsCreated: number;
  invited: number;
  rows: { row: number; group: string; email: string; ok: boolean; status: string; message: string }[];
};

/** The server's bound on an import file; larger files are refused before they are sent. */
export const MAX_IMPORT_BYTES = 1_000_000;
export const EXPORT_URL = '/api/groups/export.csv';

export const fetchGroups = async () => (await api<{ groups: Group[] }>('GET', '/api/groups')).groups;
export const fetchGroup = (groupId: string) => api<GroupDetail>('GET', `/api/groups/${encodeURIComponent(groupId)}`);
export const createGroup = (name: string) => api<{ groupId: string }>('POST', '/api/groups', { name });
export const renameGroup = (groupId: string, name: string) => api('PATCH', `/api/groups/${groupId}`, { name });
export const deleteGroup = (groupId: string) => api('DELETE', `/api/groups/${groupId}`);
export const addMembers = async (groupId: string, emails: string[]) =>
  (await api<{ members: MemberResult[] }>('POST', `/api/groups/${groupId}/members`, { emails })).members;
export const removeMember = (groupId: string, memberId: string) => api('DELETE', `/api/groups/${groupId}/members/${memberId}`);
export const cancelInvitation = (groupId: string, email: string) => api('DELETE', `/api/groups/${groupId}/invitations/${encodeURIComponent(email)}`);
export const fetchInvitationsToMe = async () => (await api<{ invitations: InvitationToMe[] }>('GET', '/api/groups/invitations')).invitations;
export const fetchMemberships = async () => (await api<{ memberships: Membership[] }>('GET', '/api/groups/memberships')).memberships;
export const answerInvitation = (groupId: string, answer: 'accept' | 'decline') => api('POST', `/api/groups/invitations/${groupId}/${answer}`);
export const leaveGroup = (groupId: string) => api('DELETE', `/api/groups/memberships/${groupId}`);
export const importGroups = (csv: string) => api<ImportReport>('POST', '/api/groups/import', { csv });
