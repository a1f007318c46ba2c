/**
 * What a chart emits when what it shows must be read again (someone else changed it, or the
 * person's action kept it where it was): the reads of the region it shows hear it and read again
 * (src/ui/detail-tab.tsx, `RereadRegion`), where they are, with nothing remounted and no counter.
 */
export interface Reread {
  type: 'reread';
}
