import type { Wire } from './contract/wire';

/**
 * Spec lists §8, the generic rule, in one place: an answer is an error if it has an `error` field
 * or a `code` other than 0; the SMS provider calls, the extras and the settings calls accept 0 or
 * 200, and so do the remittance calls. Each client names its family here (`call`'s `family`), and an
 * action row's family is read off its wire (`familyOfWire`): nothing else says which codes mean success.
 */
const GENERIC = [0] as const;
const OR_200 = [0, 200] as const;

export const SUCCESS_CODES = {
  /** Every call no family below claims. */
  generic: GENERIC,
  /** The orders service's own reads (risk list, KYC verifications): the generic rule. */
  orders: GENERIC,
  /** Remittance to bank and home: the remittance data, the delivery service's reads and moves. */
  remittance: OR_200,
  /** Pickup cash is a remittance call too (spec details §7: "Remittance data: /orders/secured/remesa/data and /pickup/data"). */
  pickup: OR_200,
  settings: OR_200,
  extras: OR_200,
  sms: OR_200,
} as const satisfies Readonly<Record<string, readonly number[]>>;

export type CallFamily = keyof typeof SUCCESS_CODES;

/** The codes that mean success for a call of `family`, and the call's own contract code when it has one (a row's `successCode`). */
export function successCodes(family: CallFamily = 'generic', own?: number): readonly number[] {
  const codes: readonly number[] = SUCCESS_CODES[family];
  return own === undefined || codes.includes(own) ? codes : [...codes, own];
}

/**
 * The family of an action row's call, by its client and the contract's full path: the remittance
 * and pickup rows go through the orders client as well as the delivery service's; the settings
 * lists' blacklist rows share the blacklist client with the customer's fraud rows (/find/…), which
 * are customer calls. First match wins.
 */
const ROW_FAMILIES: readonly { family: CallFamily; client?: Wire['client']; path?: RegExp }[] = [
  { family: 'sms', client: 'sms' },
  { family: 'pickup', path: /^\/orders\/secured\/pickup(cash)?\/|^\/remittances\/api\/crm2\/pickup\// },
  { family: 'remittance', client: 'remittances' },
  { family: 'remittance', path: /^\/orders\/secured\/(remesa-to-bank|remesa-to-steet|remesaToBank)\// },
  { family: 'settings', path: /^\/blacklist\/secured\/(add|remove|recipient\/add|recipient\/remove)$/ },
];

export function familyOfWire(wire: Pick<Wire, 'client' | 'path'>): CallFamily {
  const found = ROW_FAMILIES.find((f) => (f.client === undefined || f.client === wire.client) && (f.path === undefined || f.path.test(wire.path)));
  return found?.family ?? 'generic';
}
