/** A file as the lists and the conversation show it: never its storage key. */
export type ListedTicketFile = { fileId: string; name: string; contentType: string; size: number };

/**
 * A message of a ticket's conversation as the API answers it: a public reply (the agent reads
 * these; their own are signed 'You') or an internal note (admins only, with the author's e-mail).
 */
export type TicketMessage = {
  messageId: string;
  kind: 'reply' | 'note';
  side: 'agent' | 'admin';
  authorId: string;
  authorName: string;
  /** Admins only. */
  authorEmail?: string | null;
  body: string;
  asksAgent: boolean;
  files: ListedTicketFile[];
  createdAt: string;
};

/** One entry of a ticket's timeline as the admins' API answers it. */
export type TimelineEntryView = {
  at: string;
  actor: { type: string; id: string };
  actorName: string;
  event: string;
  summary: string;
  changes: { field: string; before: string | null; after: string | null }[];
};
