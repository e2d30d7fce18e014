/**
 * A webhook URL as the server answers it: in full to who may edit automations, else its origin alone
 * (the path or query may carry the receiver's token), which says so.
 */
export function webhookUrlText(url: string | null, full: boolean): string {
  if (!url) return 'None';
  return full ? url : `${url}/… (only those who may edit automations see the full address)`;
}
