import { toast } from '../../../components/ui/toast-store';
import { uploadTicketFile } from '../api/support';

/** Uploads one file at a time, to the ticket or to its reply `replyId`; a file that fails is toasted and the others continue (spec). */
export async function uploadFiles(ticketId: string, files: readonly File[], replyId?: string): Promise<void> {
  for (const file of files) {
    await uploadTicketFile(ticketId, file, replyId).catch(() =>
      toast({ title: 'File upload failed', description: `Failed to upload ${file.name}`, variant: 'destructive' }),
    );
  }
}
