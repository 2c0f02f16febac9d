/** Events of the announcements module, relayed from its outbox to the event store; the admin who acted is each event's actor. */
export type AnnouncementWindow = { readonly publishFrom: string | null; readonly expiresAt: string | null };

export type AnnouncementCreated = {
  readonly type: 'AnnouncementCreated';
  readonly data: { readonly announcementId: string; readonly title: string; readonly content: string } & AnnouncementWindow;
};
export type AnnouncementUpdated = {
  readonly type: 'AnnouncementUpdated';
  readonly data: { readonly announcementId: string; readonly title: string; readonly content: string } & AnnouncementWindow;
};
/** Deleted softly: the row stays, no longer shown. */
export type AnnouncementDeleted = { readonly type: 'AnnouncementDeleted'; readonly data: { readonly announcementId: string } };

export type AnnouncementEvent = AnnouncementCreated | AnnouncementUpdated | AnnouncementDeleted;

export const ANNOUNCEMENT_EVENT_TYPES: readonly AnnouncementEvent['type'][] = ['AnnouncementCreated', 'AnnouncementUpdated', 'AnnouncementDeleted'];

export const announcementStream = (announcementId: string) => `announcement-${announcementId}`;

/** The realtime topic every signed-in browser hears when the announcements change. */
export const ANNOUNCEMENTS_TOPIC = 'announcements';
