import { FRAUD_GRAPH_WINDOW } from '@/domain/frame-paths';
import { stringifySearch } from '@/domain/url-search';
import { searchOf } from '@/ui/screen-route';

/** The fraud graph window's search (#/admin/fraud-graph?orderId&userId&depth&networkType&multiCompany): its route validates it, its page reads it. */
export const FraudGraphSearch = searchOf(['orderId', 'userId', 'depth', 'networkType', 'multiCompany']);

/**
 * The window's location for a search, written as the router writes any search (plain text). The page goes there
 * by its href: the window hangs from the root, and its typed route id is not one the page can name
 * without making the route tree's type wait on the page's own (docs/decisions.md, issue 39 router).
 */
export const fraudGraphHref = (search: Readonly<Partial<Record<string, string>>>) => `${FRAUD_GRAPH_WINDOW}${stringifySearch(search)}`;
