/**
 * The API clients of the console, one per service of the contract (src/api/services.ts builds
 * them). An action row names the client that carries it; the server reads the same list to know
 * which paths take the services' fixed api key.
 */
export const CLIENT_NAMES = [
  'uaa', 'orders', 'rorders', 'users', 'blacklist', 'reports', 'upg', 'upgSecured', 'riskcontrol', 'catalog', 'remittances', 'riskcontrolSecured', 'customer', 'messenger', 'sms',
] as const;
export type ClientName = (typeof CLIENT_NAMES)[number];

/** The clients that send the provider's fixed api key (with the staff member's bearer token). */
export const API_KEY_CLIENTS: readonly ClientName[] = ['upg', 'riskcontrol', 'remittances'];
