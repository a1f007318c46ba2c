import type * as v from 'valibot';
import { searchOf } from '@/routing/screen-route';
import { DEFAULT_DEPTH } from '@/api/contract/fraud-graph';

/**
 * The fraud graph window's search (#/admin/fraud-graph?orderId&userId&depth&networkType&multiCompany), apart from
 * its page: the route validates it with this schema, and the page reads it typed from its route.
 */
export const FraudGraphSearch = searchOf(['orderId', 'userId', 'depth', 'networkType', 'multiCompany']);

/** The graph's search as its route validates it: each key a string or absent. */
export type GraphSearch = v.InferOutput<typeof FraudGraphSearch>;

/** What the search chart's form starts with (spec §9: depth 2, every network, multi-company on); the ids typed, the rest searched as soon as it changes. */
export const GRAPH_DEFAULTS = { orderId: '', userId: '', depth: String(DEFAULT_DEPTH), networkType: 'ALL', multiCompany: 'true' };
