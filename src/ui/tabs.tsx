import { Children, createContext, useContext, useEffect, useEffectEvent, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

/** The look of every tab strip in the console: pages' tabs and the sub-tabs inside a tab. */
export const TAB_CLASS =
  'rounded-t-md px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-200/60 data-selected:bg-white data-selected:text-brand-700 data-selected:ring-1 data-selected:ring-slate-200';
export const SUB_TAB_CLASS =
  'rounded-md px-2.5 py-1 text-xs font-semibold text-slate-600 hover:bg-slate-200/60 data-selected:bg-brand-50 data-selected:text-brand-800 data-selected:ring-1 data-selected:ring-brand-200';

/*
 * The tabs pattern of WAI-ARIA (tablist, tab, tabpanel), controlled by its owner: the tab chosen is
 * `selectedIndex` and choosing another calls `onChange`. The arrows move along the strip (and wrap),
 * Home and End go to its ends, and the tab reached is chosen (automatic activation). Only the
 * chosen panel is drawn; the others stay as empty hidden panels so every tab's aria-controls names
 * an element. Written here, not taken from a widget library: Headless UI's tabs brought React
 * Aria's interactions with them, about 10 KB gzip on every page with tabs (issue 26).
 */

interface Group {
  selected: number;
  choose: (index: number) => void;
  /** The stem of the ids of the group's tabs and panels. */
  id: string;
  /** Keeps a tab's button (null when it goes), to move the focus with the keys. */
  register: (index: number, button: HTMLButtonElement | null) => void;
  /** The tab buttons there are, in order. */
  buttons: () => HTMLButtonElement[];
}

const GroupContext = createContext<Group | null>(null);
/** The place of a tab in its list, or of a panel among its panels. */
const IndexContext = createContext(0);

function useGroup(): Group {
  const group = useContext(GroupContext);
  if (!group) throw new Error('A tab outside a TabGroup');
  return group;
}

/** Each child told its index (a tab in its list, a panel among the panels). */
const indexed = (children: ReactNode) => Children.map(children, (child, index) => <IndexContext.Provider value={index}>{child}</IndexContext.Provider>);

export function TabGroup({ selectedIndex, onChange, children }: { selectedIndex: number; onChange: (index: number) => void; children: ReactNode }) {
  const id = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const group = useMemo<Group>(
    () => ({
      selected: selectedIndex,
      choose: (index) => index !== selectedIndex && onChange(index),
      id,
      register: (index, button) => {
        buttons.current[index] = button;
      },
      buttons: () => buttons.current.filter((button): button is HTMLButtonElement => button !== null),
    }),
    [selectedIndex, onChange, id],
  );
  return (
    <GroupContext.Provider value={group}>
      <div>{children}</div>
    </GroupContext.Provider>
  );
}

export function TabList({ className, children, 'aria-label': label }: { className?: string; children: ReactNode; 'aria-label'?: string }) {
  return (
    <div role="tablist" aria-orientation="horizontal" aria-label={label} className={className}>
      {indexed(children)}
    </div>
  );
}

/** Where a key moves the focus among `count` tabs from `index`; null for any other key. */
function moveTo(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
    case 'PageUp':
      return 0;
    case 'End':
    case 'PageDown':
      return count - 1;
    default:
      return null;
  }
}

export function Tab({ className, children }: { className?: string; children: ReactNode }) {
  const group = useGroup();
  const index = useContext(IndexContext);
  const selected = group.selected === index;
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const buttons = group.buttons();
    const next = moveTo(event.key, index, buttons.length);
    if (next === null) return;
    event.preventDefault();
    buttons[next]?.focus();
    group.choose(next);
  };
  return (
    <button
      ref={(button) => group.register(index, button)}
      type="button"
      role="tab"
      id={`${group.id}-tab-${index}`}
      aria-controls={`${group.id}-panel-${index}`}
      aria-selected={selected}
      tabIndex={selected ? 0 : -1}
      data-selected={selected ? '' : undefined}
      className={className}
      onClick={() => group.choose(index)}
      onKeyDown={onKeyDown}
    >
      {children}
    </button>
  );
}

export function TabPanels({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={className}>{indexed(children)}</div>;
}

export function TabPanel({ children }: { children?: ReactNode }) {
  const group = useGroup();
  const index = useContext(IndexContext);
  const ids = { id: `${group.id}-panel-${index}`, 'aria-labelledby': `${group.id}-tab-${index}` };
  if (group.selected !== index) return <div role="tabpanel" hidden {...ids} />;
  return (
    <div role="tabpanel" tabIndex={0} {...ids}>
      {children}
    </div>
  );
}

/** One tab of a detail view: its label, what choosing it does (its chart decides whether that loads it), its panel. */
export interface Section {
  label: string;
  select: () => void;
  panel: ReactNode;
}

/**
 * The tabs of a detail view (a customer, a call, a charge order), or the sub-tabs inside one
 * tab (`sub`): choosing one tells its section, which loads it when its chart says so. The first
 * one is shown, and so chosen, when the view appears.
 */
export function SectionTabs({ label, sections, sub = false }: { label: string; sections: readonly Section[]; sub?: boolean }) {
  const [selected, setSelected] = useState(0);
  const selectFirst = useEffectEvent(() => sections[0]?.select());
  useEffect(() => {
    selectFirst();
  }, []);
  return (
    <TabGroup
      selectedIndex={selected}
      onChange={(index) => {
        setSelected(index);
        sections[index]?.select();
      }}
    >
      <TabList aria-label={label} className={sub ? 'mb-3 flex gap-1' : 'flex flex-wrap gap-1 border-b border-slate-200'}>
        {sections.map((section) => (
          <Tab key={section.label} className={sub ? SUB_TAB_CLASS : TAB_CLASS}>
            {section.label}
          </Tab>
        ))}
      </TabList>
      <TabPanels className={sub ? undefined : 'mt-3'}>
        {sections.map((section) => (
          <TabPanel key={section.label}>{section.panel}</TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
