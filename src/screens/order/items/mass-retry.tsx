/** The mass reset of top-up attempts over a date window (CRM2_MASSIVE_RETRY; issue 5: in progress). */
export function MassRetryAction() {
  return null;
}
