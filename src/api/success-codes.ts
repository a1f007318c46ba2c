import type { CallFamily } from './contract/call-family';
import type { ClientName } from './contract/clients';

export type { CallFamily };

/**
 * Spec lists §8, the generic rule, in one place: an answer is an error if it has an `error` field
 * or a `code` other than 0; the SMS provider calls, the extras and the settings calls accept 0 or
 * 200, and so do the remittance calls. Each client names its family here (`call`'s `family`), and an
 * action row's wire names its own or takes its client's (`familyOfWire`): nothing else says which
 * codes mean success.
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
} as const satisfies Readonly<Record<CallFamily, readonly number[]>>;

/** The codes that mean success for a call of `family`, and the call's own contract code when it has one (a row's `successCode`). */
export function successCodes(family: CallFamily = 'generic', own?: number): readonly number[] {
  const codes: readonly number[] = SUCCESS_CODES[family];
  return own === undefined || codes.includes(own) ? codes : [...codes, own];
}

/** The family of a client's calls when its wire names none: the delivery service's are remittance calls. */
const CLIENT_FAMILIES: Readonly<Partial<Record<ClientName, CallFamily>>> = { sms: 'sms', remittances: 'remittance' };

/**
 * The family of an action row's call: the one its wire names (the remittance and pickup rows the
 * orders service carries, a pickup row on the delivery service, the blacklist's settings calls),
 * else its client's, else the generic rule.
 */
export function familyOfWire(wire: { client: ClientName; family?: CallFamily }): CallFamily {
  return wire.family ?? CLIENT_FAMILIES[wire.client] ?? 'generic';
}
