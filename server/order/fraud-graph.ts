import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { notFound } from '../http';
import { displayName } from '../session/accounts';
import {
  FraudGraphMsg,
  GRAPH_LIMITS,
  LINK_KINDS,
  type FraudGraph,
  type FraudGraphQuery,
  type GraphCard,
  type GraphEdge,
  type GraphNode,
  type LinkKind,
} from '@/api/contract/fraud-graph';
import { cardCaption } from '@/domain/format';

type Db = Kysely<Database>;

/** One use of a card, device, IP or phone by an account: through an order, or (phones) the account itself. */
interface Use {
  accountId: number;
  kind: LinkKind;
  value: string;
  orderId: number | null;
  at: string | null;
  card?: { cardType: string | null; issuingBank: string | null; identifier: string | null };
}

interface NodeDraft extends Omit<GraphNode, 'account' | 'card'> {
  card: (Omit<GraphCard, 'identifiers'> & { identifiers: Set<string> }) | null;
}

interface EdgeDraft extends Omit<GraphEdge, 'orders'> {
  orders: Set<number>;
}

const nodeId = (kind: GraphNode['kind'], value: string) => `${kind}:${value}`;
const newer = (a: string | null, b: string | null) => (a === null ? b : b === null || a >= b ? a : b);
const cardValue = (firstSix: string, lastFour: string) => `${firstSix}-${lastFour}`;

/** The graph as it grows: nodes in the order they were reached, never more than the cap. */
class GraphDraft {
  readonly nodes = new Map<string, NodeDraft>();
  readonly edges = new Map<string, EdgeDraft>();
  capped = false;

  get full() {
    return this.nodes.size >= GRAPH_LIMITS.maxNodes;
  }

  /** Adds a node unless it is there already or the graph is full; true when it was added. */
  add(kind: GraphNode['kind'], value: string, label: string, hop: number): boolean {
    const id = nodeId(kind, value);
    if (this.nodes.has(id)) return false;
    if (this.full) {
      this.capped = true;
      return false;
    }
    this.nodes.set(id, { id, kind, label, value, hop, root: false, fromOrder: false, blacklisted: false, capped: false, lastUsed: null, card: null });
    return true;
  }

  /** Records a use as an edge between two nodes already in the graph. */
  use(u: Use) {
    const source = this.nodes.get(nodeId('ACCOUNT', String(u.accountId)));
    const target = this.nodes.get(nodeId(u.kind, u.value));
    if (!source || !target) return;
    const id = `${source.id}|${target.id}`;
    const edge = this.edges.get(id) ?? { id, source: source.id, target: target.id, kind: u.kind, orders: new Set<number>(), lastUsed: null };
    this.edges.set(id, edge);
    if (u.orderId !== null) edge.orders.add(u.orderId);
    edge.lastUsed = newer(edge.lastUsed, u.at);
    source.lastUsed = newer(source.lastUsed, u.at);
    target.lastUsed = newer(target.lastUsed, u.at);
    if (u.card && target.card) {
      target.card.cardType ??= u.card.cardType;
      target.card.issuingBank ??= u.card.issuingBank;
      if (u.card.identifier) target.card.identifiers.add(u.card.identifier);
    }
  }
}

/** The link node a use points at, added at `hop` (cards carry their digits for the details). */
function addLink(graph: GraphDraft, u: Use, hop: number): boolean {
  const label = u.kind === 'CARD' ? cardCaption(...(u.value.split('-') as [string, string])) : u.value;
  const added = graph.add(u.kind, u.value, label, hop);
  const node = graph.nodes.get(nodeId(u.kind, u.value));
  if (added && node && u.kind === 'CARD') {
    const [firstSix, lastFour] = u.value.split('-') as [string, string];
    node.card = { firstSix, lastFour, cardType: null, issuingBank: null, identifiers: new Set() };
  }
  return added;
}

/** The cards, devices and IPs of an account's newest orders, and its phone (read with its neighbours'). */
async function usesOfAccount(db: Db, accountId: number, phone: string | null, kinds: readonly LinkKind[]): Promise<{ uses: Use[]; capped: boolean }> {
  const uses: Use[] = [];
  let capped = false;
  if (kinds.includes('DEVICE') || kinds.includes('IP') || kinds.includes('CARD')) {
    const orders = await db
      .selectFrom('orders')
      .select(['id', 'created_date', 'device_id', 'ip_origin'])
      .where('account_id', '=', accountId)
      .orderBy('created_date', 'desc')
      .orderBy('id', 'desc')
      .limit(GRAPH_LIMITS.ordersPerAccount)
      .execute();
    capped = orders.length === GRAPH_LIMITS.ordersPerAccount;
    for (const o of orders) {
      if (kinds.includes('DEVICE') && o.device_id) uses.push({ accountId, kind: 'DEVICE', value: o.device_id, orderId: o.id, at: o.created_date });
      if (kinds.includes('IP') && o.ip_origin) uses.push({ accountId, kind: 'IP', value: o.ip_origin, orderId: o.id, at: o.created_date });
    }
    if (kinds.includes('CARD') && orders.length > 0) {
      const at = new Map(orders.map((o) => [o.id, o.created_date]));
      const cards = await db
        .selectFrom('payment_orders')
        .select(['order_id', 'first_six', 'last_four', 'card_type', 'issuing_bank', 'unique_number_identifier'])
        .where('order_id', 'in', orders.map((o) => o.id))
        .where('first_six', 'is not', null)
        .where('last_four', 'is not', null)
        .orderBy('order_id', 'desc')
        .execute();
      for (const p of cards) {
        uses.push({
          accountId,
          kind: 'CARD',
          value: cardValue(p.first_six!, p.last_four!),
          orderId: p.order_id,
          at: at.get(p.order_id) ?? null,
          card: { cardType: p.card_type, issuingBank: p.issuing_bank, identifier: p.unique_number_identifier },
        });
      }
    }
  }
  if (kinds.includes('PHONE') && phone) uses.push({ accountId, kind: 'PHONE', value: phone, orderId: null, at: null });
  // Newest first, so the most recent links are kept when the graph fills up or the account has too many.
  uses.sort((a, b) => (b.at ?? '').localeCompare(a.at ?? ''));
  const kept = new Map<LinkKind, Set<string>>();
  const bounded = uses.filter((u) => {
    const values = kept.get(u.kind) ?? new Set<string>();
    kept.set(u.kind, values);
    if (values.has(u.value)) return true;
    if (values.size >= GRAPH_LIMITS.linksPerAccount) {
      capped = true;
      return false;
    }
    values.add(u.value);
    return true;
  });
  return { uses: bounded, capped };
}

/** The newest uses of a card, device, IP or phone, by any account. */
async function usesOfLink(db: Db, kind: LinkKind, value: string): Promise<Use[]> {
  const limit = GRAPH_LIMITS.usesPerLink;
  if (kind === 'PHONE') {
    const rows = await db.selectFrom('accounts').select('id').where('phone_number', '=', value).orderBy('id', 'desc').limit(limit).execute();
    return rows.map((r) => ({ accountId: r.id, kind, value, orderId: null, at: null }));
  }
  if (kind === 'CARD') {
    const [firstSix, lastFour] = value.split('-') as [string, string];
    const rows = await db
      .selectFrom('payment_orders as p')
      .innerJoin('orders as o', 'o.id', 'p.order_id')
      .select(['p.order_id', 'o.account_id', 'o.created_date', 'p.card_type', 'p.issuing_bank', 'p.unique_number_identifier'])
      .where('p.first_six', '=', firstSix)
      .where('p.last_four', '=', lastFour)
      .orderBy('p.order_id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      accountId: r.account_id,
      kind,
      value,
      orderId: r.order_id,
      at: r.created_date,
      card: { cardType: r.card_type, issuingBank: r.issuing_bank, identifier: r.unique_number_identifier },
    }));
  }
  const column = kind === 'DEVICE' ? 'device_id' : 'ip_origin';
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'account_id', 'created_date'])
    .where(column, '=', value)
    .orderBy('created_date', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ accountId: r.account_id, kind, value, orderId: r.id, at: r.created_date }));
}

/** Accounts of a link's uses, newest first, at most `accountsPerLink`. */
function accountsOf(uses: readonly Use[]): { accounts: number[]; capped: boolean } {
  const accounts = [...new Set(uses.map((u) => u.accountId))];
  return {
    accounts: accounts.slice(0, GRAPH_LIMITS.accountsPerLink),
    capped: uses.length >= GRAPH_LIMITS.usesPerLink || accounts.length > GRAPH_LIMITS.accountsPerLink,
  };
}

/**
 * The fraud graph around an order's account and/or a user: a breadth-first walk where one hop
 * goes from an account through a card, device, IP or phone to the other accounts that used it.
 * Every read is bounded (GRAPH_LIMITS), so the answer stays fast at a million orders.
 */
export async function fraudGraph(db: Db, query: FraudGraphQuery, companies: string[]): Promise<FraudGraph> {
  const kinds: readonly LinkKind[] = query.networkType === 'ALL' ? LINK_KINDS : [query.networkType];
  const graph = new GraphDraft();
  const roots: number[] = [];
  const orderLinks = new Set<string>();

  if (query.orderId !== undefined) {
    const order = await db.selectFrom('orders').select(['id', 'account_id', 'device_id', 'ip_origin']).where('id', '=', query.orderId).executeTakeFirst();
    if (!order) throw notFound(FraudGraphMsg.orderNotFound(query.orderId));
    roots.push(order.account_id);
    if (order.device_id) orderLinks.add(nodeId('DEVICE', order.device_id));
    if (order.ip_origin) orderLinks.add(nodeId('IP', order.ip_origin));
    const cards = await db.selectFrom('payment_orders').select(['first_six', 'last_four']).where('order_id', '=', order.id).execute();
    for (const c of cards) if (c.first_six && c.last_four) orderLinks.add(nodeId('CARD', cardValue(c.first_six, c.last_four)));
  }
  if (query.userId !== undefined && !roots.includes(query.userId)) {
    const user = await db.selectFrom('accounts').select('id').where('id', '=', query.userId).executeTakeFirst();
    if (!user) throw notFound(FraudGraphMsg.userNotFound(query.userId));
    roots.push(user.id);
  }
  for (const id of roots) {
    graph.add('ACCOUNT', String(id), '', 0);
    graph.nodes.get(nodeId('ACCOUNT', String(id)))!.root = true;
  }

  let frontier = roots;
  for (let hop = 1; hop <= query.depth && frontier.length > 0 && !graph.full; hop++) {
    // The links of the accounts reached last…
    const reached: Use[] = [];
    const phones = kinds.includes('PHONE')
      ? new Map((await db.selectFrom('accounts').select(['id', 'phone_number']).where('id', 'in', frontier).execute()).map((a) => [a.id, a.phone_number]))
      : new Map<number, string | null>();
    for (const accountId of frontier) {
      const { uses, capped } = await usesOfAccount(db, accountId, phones.get(accountId) ?? null, kinds);
      if (capped) graph.nodes.get(nodeId('ACCOUNT', String(accountId)))!.capped = true;
      for (const u of uses) {
        if (addLink(graph, u, hop)) reached.push(u);
        graph.use(u);
      }
    }
    // …then the other accounts that used them.
    const next: number[] = [];
    for (const link of reached) {
      const uses = await usesOfLink(db, link.kind, link.value);
      const { accounts, capped } = accountsOf(uses);
      if (capped) graph.nodes.get(nodeId(link.kind, link.value))!.capped = true;
      const shown = new Set(accounts);
      for (const accountId of accounts) if (graph.add('ACCOUNT', String(accountId), '', hop)) next.push(accountId);
      for (const u of uses) if (shown.has(u.accountId) || graph.nodes.has(nodeId('ACCOUNT', String(u.accountId)))) graph.use(u);
    }
    frontier = next;
  }

  for (const id of orderLinks) {
    const node = graph.nodes.get(id);
    if (node) node.fromOrder = true;
  }
  const accounts = await describeAccounts(db, [...graph.nodes.values()].filter((n) => n.kind === 'ACCOUNT').map((n) => Number(n.value)));
  await markBlacklisted(db, graph);

  return {
    query: { orderId: query.orderId ?? null, userId: query.userId ?? null, depth: query.depth, networkType: query.networkType, multiCompany: query.multiCompany },
    companies,
    nodes: [...graph.nodes.values()].map((n) => {
      const account = n.kind === 'ACCOUNT' ? (accounts.get(Number(n.value)) ?? null) : null;
      return {
        ...n,
        label: account ? account.name : n.label,
        account,
        card: n.card ? { ...n.card, identifiers: [...n.card.identifiers].sort() } : null,
      };
    }),
    edges: [...graph.edges.values()].map((e) => ({ ...e, orders: e.orders.size })),
    capped: graph.capped,
    maxNodes: GRAPH_LIMITS.maxNodes,
  };
}

/** The accounts' details, with their orders counted up to a cap (a reseller may have millions). */
async function describeAccounts(db: Db, ids: number[]) {
  const rows = ids.length
    ? await db
        .selectFrom('accounts')
        .select(['id', 'username', 'email', 'first_name', 'last_name', 'phone_number', 'country_code', 'reliability', 'enabled', 'is_staff', 'register_date'])
        .where('id', 'in', ids)
        .execute()
    : [];
  const described = new Map<number, NonNullable<GraphNode['account']>>();
  for (const a of rows) {
    const counted = await db
      .selectFrom((eb) => eb.selectFrom('orders').select(sql<number>`1`.as('one')).where('account_id', '=', a.id).limit(GRAPH_LIMITS.orderCount + 1).as('o'))
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    const orders = Number(counted.n);
    described.set(a.id, {
      id: a.id,
      name: displayName(a.first_name, a.last_name, a.username),
      username: a.username,
      email: a.email,
      phoneNumber: a.phone_number,
      countryCode: a.country_code,
      reliability: a.reliability,
      enabled: a.enabled === 1,
      staff: a.is_staff === 1,
      registerDate: a.register_date,
      orders: Math.min(orders, GRAPH_LIMITS.orderCount),
      ordersCapped: orders > GRAPH_LIMITS.orderCount,
    });
  }
  return described;
}

/** Marks the cards (by unique identifier), devices, IPs and phones on the general blacklist. */
async function markBlacklisted(db: Db, graph: GraphDraft) {
  const wanted = new Map<string, NodeDraft[]>();
  const want = (type: string, value: string, node: NodeDraft) => wanted.set(`${type}:${value}`, [...(wanted.get(`${type}:${value}`) ?? []), node]);
  for (const node of graph.nodes.values()) {
    if (node.kind === 'CARD') for (const identifier of node.card?.identifiers ?? []) want('CARD', identifier, node);
    if (node.kind === 'DEVICE' || node.kind === 'IP') want(node.kind, node.value, node);
    // Phones are listed without their plus sign.
    if (node.kind === 'PHONE') {
      want('PHONE', node.value, node);
      want('PHONE', node.value.replace(/^\+/, ''), node);
    }
  }
  const values = [...new Set([...wanted.keys()].map((key) => key.slice(key.indexOf(':') + 1)))];
  for (let i = 0; i < values.length; i += 500) {
    const listed = await db
      .selectFrom('blacklist_entries')
      .select(['type', 'value'])
      .where('value', 'in', values.slice(i, i + 500))
      .where('type', 'in', ['CARD', 'DEVICE', 'IP', 'PHONE'])
      .execute();
    for (const entry of listed) for (const node of wanted.get(`${entry.type}:${entry.value}`) ?? []) node.blacklisted = true;
  }
}
