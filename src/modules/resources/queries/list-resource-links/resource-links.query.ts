import type { SqlClient } from '../../../../platform/persistence/sql.js';
import { RESOURCE_TABS, type ResourceLinkView } from '../../contracts/resource-tabs.js';

/** The cards in the page's order (tab, then place in the tab); hidden ones only when asked (admins). */
export async function resourceLinks(db: SqlClient, { includeHidden }: { includeHidden: boolean }): Promise<ResourceLinkView[]> {
  const { rows } = await db.query<ResourceLinkView>(
    `SELECT id, tab, position, title, description, emoji, action, url, hidden FROM resource_links
      ${includeHidden ? '' : 'WHERE NOT hidden'} ORDER BY array_position($1::text[], tab), position, id`,
    [RESOURCE_TABS],
  );
  return rows;
}
