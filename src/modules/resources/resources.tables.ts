/** The tables the resources module owns: no other module's SQL names them. */
export const RESOURCES_TABLES = ['resource_links'] as const;
