import { api } from '../../lib/api-client';

export type Group = { groupId: string; name: string; memberCount: number; createdAt: string };
export type Member = { memberId: string; name: string; email: string; addedAt: string };
export type GroupDetail = { groupId: string; name: string; createdAt: string; members: Member[] };
export type MemberResult = { email: string; status: 'added' | 'already' | 'unknown' | 'self' };
export type ImportReport = {
  groupsCreated: number;
  membersAdded: number;
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
export const importGroups = (csv: string) => api<ImportReport>('POST', '/api/groups/import', { csv });
