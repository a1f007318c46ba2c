/**
 * The families of calls that read success codes alike (spec lists §8; which codes each accepts is
 * src/api/success-codes.ts): a wire may name its own (src/api/contract/wire.ts).
 */
export type CallFamily = 'generic' | 'orders' | 'remittance' | 'pickup' | 'settings' | 'extras' | 'sms';
