/** The realtime topic that tells an admin's open pages their aged-lead import moved on (a batch stored, the import finished). */
export const AGED_IMPORTS_TOPIC = 'aged-imports';
