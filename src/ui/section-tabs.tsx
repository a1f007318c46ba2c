import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { SUB_TAB_CLASS, TAB_CLASS } from './tabs';

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
  const first = useRef(sections[0]?.select);
  useEffect(() => {
    first.current?.();
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
