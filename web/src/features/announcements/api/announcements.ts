import { ANNOUNCEMENTS_TOPIC } from '../../../../../src/modules/announcements/contracts/announcement.events';
import { api } from '../../../lib/api-client';

export { ANNOUNCEMENTS_TOPIC };

export type Announcement = {
  id: string;
  title: string;
  content: string;
  shownFrom: string;
  publishFrom: string | null;
  expiresAt: string | null;
  createdAt: string;
  updatedAt: string;
};

export type AnnouncementList = { announcements: Announcement[]; nextChangeAt: string | null; upcoming?: Announcement[] };

/** Where an announcement stands now (admins): waiting for its publish time, shown, live but pushed out by five newer ones, or past its expiry. */
export type AnnouncementState = 'scheduled' | 'shown' | 'not-shown' | 'expired';

export type AdminAnnouncement = Announcement & { state: AnnouncementState };

export type AdminAnnouncementPage = { items: AdminAnnouncement[]; next: string | null };

export type AnnouncementBody = { title: string; content: string; publishFrom: string | null; expiresAt: string | null };

export const fetchAnnouncements = () => api<AnnouncementList>('GET', '/api/announcements');
/** Admins: every announcement not deleted, newest first, a page at a time (`after`: the `next` of the page before). */
export const fetchAllAnnouncements = (after: string | null) =>
  api<AdminAnnouncementPage>('GET', `/api/admin/announcements${after ? `?after=${encodeURIComponent(after)}` : ''}`);
/** Creates one; the same `idempotencyKey` again (a retry) answers the same announcement. */
export const createAnnouncement = (body: AnnouncementBody, idempotencyKey: string) =>
  api<{ announcementId: string }>('POST', '/api/admin/announcements', body, { 'idempotency-key': idempotencyKey });
export const updateAnnouncement = (id: string, body: AnnouncementBody) => api<{ success: true }>('PUT', `/api/admin/announcements/${id}`, body);
export const deleteAnnouncement = (id: string) => api<{ success: true }>('DELETE', `/api/admin/announcements/${id}`);
