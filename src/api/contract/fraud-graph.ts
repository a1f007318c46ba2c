import * as v from 'valibot';
import { Envelope, IsoDateTime } from './envelope';
import { IdQuery } from './query';

/**
 * The fraud graph (spec details §2, §9): accounts linked through the cards, devices, IPs and
 * phones they used, searched from an order and/or a user.
 */

/** The kinds of link the graph follows; ALL follows every one. */
export const NETWORK_TYPES = ['ALL', 'CARD', 'DEVICE', 'IP', 'PHONE'] as const;
export type NetworkType = (typeof NETWORK_TYPES)[number];

/** What an account is linked through. */
export const LINK_KINDS = ['CARD', 'DEVICE', 'IP', 'PHONE'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

/** Spec §9: graph depth options 1, 2, 3 (default 2). */
export const GRAPH_DEPTHS = [1, 2, 3] as const;
export const DEFAULT_DEPTH = 2;

/**
 * Bounds that keep one search fast at a million orders. A search stops adding nodes at
 * `maxNodes` (the answer says `capped`). An account is read through its newest
 * `ordersPerAccount` orders and shows at most `linksPerAccount` cards, devices, IPs (each) of
 * them; a card, device, IP or phone is read through its newest `usesPerLink` uses and shows at
 * most `accountsPerLink` accounts. A node that shows less than it has says `capped`. Orders of
 * an account are counted up to `orderCount`.
 */
export const GRAPH_LIMITS = {
  maxNodes: 200,
  ordersPerAccount: 100,
  linksPerAccount: 25,
  usesPerLink: 500,
  accountsPerLink: 50,
  orderCount: 1000,
} as const;

export const FraudGraphMsg = {
  needOrderOrUser: 'Debe indicar la orden o el usuario.',
  depth: 'La profundidad debe ser 1, 2 o 3.',
  networkType: 'El tipo de red no es válido.',
  multiCompany: 'Multiempresa debe ser true o false.',
  orderNotFound: (id: number) => `No se encontró la orden ${id}.`,
  userNotFound: (id: number) => `No se encontró el usuario ${id}.`,
} as const;

const blank = (s: string) => s === '';

/**
 * GET /riskcontrol/secured/antifraud/graph?orderId&userId&depth&networkType&multiCompany.
 * Also parses the graph page's URL, so a shared link searches exactly what the server would.
 */
export const FraudGraphQuery = v.pipe(
  v.object({
    orderId: IdQuery('La orden'),
    userId: IdQuery('El usuario'),
    depth: v.pipe(
      v.optional(v.string(), ''),
      v.trim(),
      v.check((s) => blank(s) || /^[123]$/.test(s), FraudGraphMsg.depth),
      v.transform((s) => (blank(s) ? DEFAULT_DEPTH : Number(s))),
    ),
    networkType: v.pipe(
      v.optional(v.string(), ''),
      v.trim(),
      v.check((s) => blank(s) || (NETWORK_TYPES as readonly string[]).includes(s), FraudGraphMsg.networkType),
      v.transform((s): NetworkType => (blank(s) ? 'ALL' : (s as NetworkType))),
    ),
    // Spec §9: multi-company is on unless turned off.
    multiCompany: v.pipe(
      v.optional(v.string(), ''),
      v.trim(),
      v.check((s) => blank(s) || s === 'true' || s === 'false', FraudGraphMsg.multiCompany),
      v.transform((s) => s !== 'false'),
    ),
  }),
  v.check((q) => q.orderId !== undefined || q.userId !== undefined, FraudGraphMsg.needOrderOrUser),
);
export type FraudGraphQuery = v.InferOutput<typeof FraudGraphQuery>;

/** An account of the graph. */
export const GraphAccount = v.object({
  id: v.number(),
  name: v.string(),
  username: v.string(),
  email: v.nullable(v.string()),
  phoneNumber: v.nullable(v.string()),
  countryCode: v.nullable(v.string()),
  reliability: v.number(),
  enabled: v.boolean(),
  staff: v.boolean(),
  registerDate: IsoDateTime,
  /** Its orders, counted up to `GRAPH_LIMITS.orderCount`. */
  orders: v.number(),
  ordersCapped: v.boolean(),
});
export type GraphAccount = v.InferOutput<typeof GraphAccount>;

/** What the graph knows of a card: its digits, how the gateways describe it, its unique identifiers. */
export const GraphCard = v.object({
  firstSix: v.string(),
  lastFour: v.string(),
  cardType: v.nullable(v.string()),
  issuingBank: v.nullable(v.string()),
  /** The gateways' unique identifiers seen with these digits (different ones: different cards). */
  identifiers: v.array(v.string()),
});
export type GraphCard = v.InferOutput<typeof GraphCard>;

export const GraphNode = v.object({
  /** `ACCOUNT:12`, `CARD:411111-1234`, `DEVICE:…`, `IP:…`, `PHONE:…` */
  id: v.string(),
  kind: v.picklist(['ACCOUNT', ...LINK_KINDS]),
  label: v.string(),
  /** The raw value (account id, card digits, device id, IP, phone). */
  value: v.string(),
  /** Accounts: links away from a searched account (0 for it); cards, devices…: the link they were reached at. */
  hop: v.number(),
  /** A searched account: the order's, or the user's. */
  root: v.boolean(),
  /** A card, device or IP the searched order used. */
  fromOrder: v.boolean(),
  /** On the general blacklist (cards by unique identifier). */
  blacklisted: v.boolean(),
  /** More links than the graph shows: an account with more recent orders, a link with more uses. */
  capped: v.boolean(),
  /** The newest order seen through it. */
  lastUsed: v.nullable(IsoDateTime),
  account: v.nullable(GraphAccount),
  card: v.nullable(GraphCard),
});
export type GraphNode = v.InferOutput<typeof GraphNode>;

/** An account used a card, device, IP or phone, in `orders` orders (0 for its phone), last at `lastUsed`. */
export const GraphEdge = v.object({
  id: v.string(),
  source: v.string(),
  target: v.string(),
  kind: v.picklist(LINK_KINDS),
  orders: v.number(),
  lastUsed: v.nullable(IsoDateTime),
});
export type GraphEdge = v.InferOutput<typeof GraphEdge>;

export const FraudGraph = v.object({
  query: v.object({
    orderId: v.nullable(v.number()),
    userId: v.nullable(v.number()),
    depth: v.number(),
    networkType: v.picklist(NETWORK_TYPES),
    multiCompany: v.boolean(),
  }),
  /** The companies whose data was searched. */
  companies: v.array(v.string()),
  nodes: v.array(GraphNode),
  edges: v.array(GraphEdge),
  /** The node cap was reached: nearer nodes were kept, farther ones left out. */
  capped: v.boolean(),
  maxNodes: v.number(),
});
export type FraudGraph = v.InferOutput<typeof FraudGraph>;
export const FraudGraphResponse = Envelope(FraudGraph);
