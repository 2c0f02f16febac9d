export const LEADS_NEEDS_MICROSOFT = 'Lead Management requires Microsoft sign-in. Please contact your administrator.';
