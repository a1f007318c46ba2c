import { createContext } from 'react';

/**
 * What hosts a panel's actions: a work queue or a live detail page. Every action flow inside tells
 * it when its request leaves (`acting`: the change it makes is the person's own) and when its
 * result is closed (`settled`: the queue moves on).
 */
export interface ActionHost {
  acting: () => void;
  settled: () => void;
}

export const ActionHostContext = createContext<ActionHost | null>(null);

/** The chosen group of actions (a detail page's, a work queue panel's: src/ui/key-groups.tsx): its ChartActions take the digit keys. */
export interface KeyGroups {
  /** The chosen group (a ChartActions' own id), or none. */
  current: string | null;
}

export const KeyGroupsContext = createContext<KeyGroups | null>(null);
