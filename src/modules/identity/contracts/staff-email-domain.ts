/** Identity's STAFF_EMAIL_DOMAIN: e-mail addresses in this domain belong to company staff (full access); access reads it too. */
export type StaffEmailDomainSetting = {
  readonly staffEmailDomain: string | undefined;
};
