import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { imageFieldMachine, type ImageFieldEvent, type ImageFieldValue } from '@/machines/ui/image-field.machine';
import { PREPARING_IMAGE } from '@/machines/lifecycle/form';
import { MAX_IMAGE_BYTES } from '@/domain/images';
import { deferred, flush, type Deferred } from '../support/fakes';
import { itCoversTheChart } from '../support/machine-coverage';
import { invokingTestModel } from '../support/invoking-model';

type Snap = SnapshotFrom<typeof imageFieldMachine>;

const photo = (name: string, bytes: number, type = 'image/jpeg') => new File([new Uint8Array(bytes)], name, { type });
/** A phone photo over the limit, another, one already small, and a document that is no image (never made smaller). */
const LARGE = photo('IMG_1.jpg', MAX_IMAGE_BYTES + 1);
const OTHER_LARGE = photo('IMG_2.png', 4 * MAX_IMAGE_BYTES, 'image/png');
const SMALL = photo('IMG_3.jpg', 1000);
const PDF = photo('recibo.pdf', 2 * MAX_IMAGE_BYTES, 'application/pdf');
/** What a shrink gives: the photo made smaller; and what an overtaken one gives when it ends after all. */
const SMALLER = photo('IMG_1.jpg', MAX_IMAGE_BYTES / 2);
const LATE = photo('late.jpg', 10);

/**
 * The chart with shrinks the test answers (each recorded with the file asked for, its signal and
 * how the test answered it: one stopped by the chart answers at once with LATE, its late result),
 * every value it gives the form, and the file picked last.
 */
function createSut() {
  const shrinks: { file: File; signal: AbortSignal; answer: Deferred<File>; failed?: boolean }[] = [];
  const actor = createActor(
    imageFieldMachine.provide({
      actors: {
        shrink: fromPromise<File, { file: File }>(({ input, signal }) => {
          const answer = deferred<File>();
          shrinks.push({ file: input.file, signal, answer });
          signal.addEventListener('abort', () => answer.resolve(LATE));
          return answer.promise;
        }),
      },
    }),
  );
  const values: ImageFieldValue[] = [];
  actor.on('image.value', ({ value }) => values.push(value));
  actor.start();
  const open = () => shrinks.filter((s) => !s.answer.settled);
  return { actor, shrinks, values, open, picked: undefined as File | undefined };
}
type Sut = ReturnType<typeof createSut>;

const EVENTS = [
  { type: 'image.picked', file: LARGE },
  { type: 'image.picked', file: OTHER_LARGE },
  { type: 'image.picked', file: SMALL },
  { type: 'image.picked', file: PDF },
  { type: 'image.picked', file: undefined },
  { type: 'xstate.done.actor.shrink', output: SMALLER },
  { type: 'xstate.error.actor.shrink', error: new Error('sin memoria') },
] as unknown as ImageFieldEvent[];

type ModelEvent = ImageFieldEvent | { type: 'xstate.done.actor.shrink'; output: File } | { type: 'xstate.error.actor.shrink'; error: Error };

/** The picks a person makes; the open shrink's answer, as the browser gives it. */
function executors(sut: Sut) {
  const answer = async (fn: (shrink: Sut['shrinks'][number]) => void) => {
    const open = sut.open();
    expect(open).toHaveLength(1);
    fn(open[0]!);
    await flush();
  };
  return {
    'image.picked': async ({ event }: { event: ModelEvent }) => {
      sut.picked = (event as ImageFieldEvent).file;
      sut.actor.send(event as ImageFieldEvent);
      await flush();
    },
    'xstate.done.actor.shrink': ({ event }: { event: ModelEvent }) => answer((s) => s.answer.resolve((event as { output: File }).output)),
    'xstate.error.actor.shrink': () =>
      answer((s) => {
        s.failed = true;
        s.answer.reject(new Error('sin memoria'));
      }),
  };
}

/** What the form holds in each state, and the shrinks under way. */
function assertions(sut: Sut) {
  const snap = () => sut.actor.getSnapshot();
  const picks = () => sut.values.filter((v) => v !== PREPARING_IMAGE);
  /** Every shrink but the one `preparing` waits for was stopped; no stopped one's late result ever reached the form. */
  const always = () => {
    for (const s of sut.shrinks.slice(0, snap().matches('preparing') ? -1 : undefined)) expect(s.signal.aborted || s.answer.settled).toBe(true);
    expect(sut.values).not.toContain(LATE);
    expect(snap().context.file).not.toBe(LATE);
  };
  return {
    idle: () => {
      always();
      expect(sut.open()).toHaveLength(0);
      // Nothing picked yet (the form is not touched), or the pick emptied.
      if (sut.values.length > 0) expect(sut.values.at(-1)).toBeUndefined();
    },
    preparing: () => {
      always();
      expect(sut.values.at(-1)).toBe(PREPARING_IMAGE);
      const open = sut.open();
      expect(open).toHaveLength(1);
      expect(open[0]!.signal.aborted).toBe(false);
      // The photo picked last is the one being made smaller.
      expect(open[0]!.file).toBe(snap().context.file);
      expect([LARGE, OTHER_LARGE]).toContain(open[0]!.file);
    },
    done: () => {
      always();
      expect(sut.open()).toHaveLength(0);
      const value = sut.values.at(-1);
      expect(value).toBe(snap().context.file);
      expect(picks().at(-1)).toBe(value);
      // A small file or a document as it was picked; a photo over the limit as its shrink gave it (as picked, when the shrink failed).
      const shrink = sut.shrinks.at(-1);
      if (sut.picked === LARGE || sut.picked === OTHER_LARGE) {
        expect(shrink!.file).toBe(sut.picked);
        expect(value).toBe(shrink!.failed ? sut.picked : SMALLER);
      } else expect(value).toBe(sut.picked);
    },
  };
}

/** An event by its type and the file it carries, by name (JSON, the graph's default, writes every File as `{}`: the picks would be one). */
const serializeEvent = (e: EventObject) => `${e.type}|${(e as { file?: File }).file?.name ?? ''}`;
/** A vertex per state, incoming event and state before. */
const serializeState = (s: Snap, e: EventObject | undefined, p?: Snap) => `${JSON.stringify(s.value)}|${e ? serializeEvent(e) : ''}|${p ? JSON.stringify(p.value) : ''}`;

describe('the image-field chart (imageField), model-based', () => {
  // `serializeEvent` goes to the graph's TestModel with the rest of the options; its pruning of
  // paths that begin another one compares events as JSON (every pick alike), so none is pruned.
  const options = { events: EVENTS, serializeState, serializeEvent };
  const model = invokingTestModel(imageFieldMachine, options);
  const shortest = model.getShortestPaths({ allowDuplicatePaths: true });
  // And from a photo picked again while one is made smaller, every state on (the second's result above all).
  const repicked = shortest.filter((p) => p.steps.length === 3 && p.steps.every((step) => step.event.type === 'xstate.init' || (step.state as Snap).matches('preparing')));
  const paths = [...shortest, ...model.getShortestPathsFrom(repicked, { allowDuplicatePaths: true })];
  /** A path named by its events, each pick with its file. */
  const named = (path: (typeof paths)[number]) =>
    path.steps
      .filter((step) => step.event.type !== 'xstate.init')
      .map((step) => serializeEvent(step.event).replace(/\|$/, '').replace('|', ' '))
      .join(' → ') || '(start)';

  itCoversTheChart('imageField', imageFieldMachine, paths);

  // Each walk once (a path to a `repicked` one is also among the shortest).
  it.each([...new Map(paths.map((p) => [named(p), p] as const))])('%s', async (_d, path) => {
    const sut = createSut();
    await path.test({ states: assertions(sut), events: executors(sut) as never });
  });
});

describe('the image-field chart, rules', () => {
  it('a photo over the limit goes through preparing (the form holds PREPARING_IMAGE) to the smaller file', async () => {
    const sut = createSut();
    sut.actor.send({ type: 'image.picked', file: LARGE });
    expect(sut.actor.getSnapshot().value).toBe('preparing');
    expect(sut.values).toEqual([PREPARING_IMAGE]);
    expect(sut.shrinks.map((s) => s.file)).toEqual([LARGE]);
    sut.shrinks[0]!.answer.resolve(SMALLER);
    await flush();
    expect(sut.actor.getSnapshot().value).toBe('done');
    expect(sut.values).toEqual([PREPARING_IMAGE, SMALLER]);
  });

  it('a small photo, or a file that is no image, is the value at once: nothing is made smaller', () => {
    const sut = createSut();
    sut.actor.send({ type: 'image.picked', file: SMALL });
    expect(sut.actor.getSnapshot().value).toBe('done');
    sut.actor.send({ type: 'image.picked', file: PDF });
    expect(sut.values).toEqual([SMALL, PDF]);
    expect(sut.shrinks).toEqual([]);
  });

  it('a second pick while the first is made smaller drops the first: its late result never becomes the value', async () => {
    const sut = createSut();
    sut.actor.send({ type: 'image.picked', file: LARGE });
    const [first] = sut.shrinks;
    sut.actor.send({ type: 'image.picked', file: OTHER_LARGE });
    expect(first!.signal.aborted).toBe(true);
    expect(sut.shrinks.map((s) => s.file)).toEqual([LARGE, OTHER_LARGE]);
    // The first shrink ends after all (the fake answers LATE once stopped): the field still waits for the second.
    await flush();
    expect(sut.actor.getSnapshot().value).toBe('preparing');
    expect(sut.values).toEqual([PREPARING_IMAGE, PREPARING_IMAGE]);
    sut.shrinks[1]!.answer.resolve(SMALLER);
    await flush();
    expect(sut.values).toEqual([PREPARING_IMAGE, PREPARING_IMAGE, SMALLER]);
  });

  it('a small pick, or an emptied one, while a photo is made smaller wins over it too', async () => {
    const sut = createSut();
    sut.actor.send({ type: 'image.picked', file: LARGE });
    sut.actor.send({ type: 'image.picked', file: SMALL });
    await flush();
    expect(sut.actor.getSnapshot().value).toBe('done');
    sut.actor.send({ type: 'image.picked', file: OTHER_LARGE });
    sut.actor.send({ type: 'image.picked', file: undefined });
    await flush();
    expect(sut.actor.getSnapshot().value).toBe('idle');
    expect(sut.values).toEqual([PREPARING_IMAGE, SMALL, PREPARING_IMAGE, undefined]);
  });

  it("the field's end stops the shrink under way: nothing reaches the form after", async () => {
    const sut = createSut();
    sut.actor.send({ type: 'image.picked', file: LARGE });
    sut.actor.stop();
    expect(sut.shrinks[0]!.signal.aborted).toBe(true);
    await flush();
    expect(sut.values).toEqual([PREPARING_IMAGE]);
  });
});
