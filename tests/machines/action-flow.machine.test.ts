import { describe, expect, it } from 'vitest';
import { createActor, type EventObject, type SnapshotFrom } from 'xstate';
import { invokingTestModel } from '../support/invoking-model';
import { actionFlowMachine, showsForm, type ActionFlowEvent, type ActionFlowInput, type Answer } from '@/machines/ui/action-flow.machine';
import { actionFlowInput, actionFlowLogic, actionWork, type ActionDefinition, type Validation } from '@/ui/action-flow-logic';
import { ApiError } from '@/api/http';
import { Msg } from '@/domain/messages';
import { deferred, flush, type Deferred } from '../support/fakes';
import { describePath, machineCoverage, itCoversTheChart } from '../support/machine-coverage';

interface Form {
  value: string;
}

/**
 * An action whose check and request the test answers when the model says so; what each was given
 * is kept, and what its host heard (`acting` when the request left, `settled` when the result was
 * closed). The action's work goes to the chart with the event that starts it (`work`).
 */
function createSut(input: ActionFlowInput) {
  const validations: Deferred<Validation<string>>[] = [];
  const checked: { form: unknown; action: unknown }[] = [];
  const requests: Deferred<Answer>[] = [];
  const performed: { payload: string; action: unknown }[] = [];
  const toasts: string[] = [];
  const done: unknown[] = [];
  const heard: ('acting' | 'settled')[] = [];
  const definition: ActionDefinition<Form, string, string> = {
    ...input,
    validate: (form, action) => {
      checked.push({ form, action });
      const d = deferred<Validation<string>>();
      validations.push(d);
      return d.promise;
    },
    perform: (payload, action) => {
      performed.push({ payload, action });
      const d = deferred<Answer>();
      requests.push(d);
      return d.promise;
    },
    onDone: (data) => {
      done.push(data);
    },
  };
  const work = actionWork(definition, { acting: () => heard.push('acting'), settled: () => heard.push('settled') });
  const actor = createActor(
    actionFlowLogic((message) => toasts.push(message)),
    { input: actionFlowInput(input) },
  );
  actor.start();
  const open = <T,>(list: Deferred<T>[]) => list.filter((d) => !d.settled);
  return { actor, work, validations, checked, requests, performed, toasts, done, heard, open };
}
type Sut = ReturnType<typeof createSut>;
type Snap = SnapshotFrom<typeof actionFlowMachine>;

const PASSED: Validation<string> = { ok: true, payload: 'PAYLOAD' };
const REFUSED: Validation<string> = { ok: false, message: Msg.blacklistValue };
const SUCCESS = 'Aprobado! peticion completada.';
const FAILURE = 'El monto es invalido.';

/**
 * The person's events, and the answers of the check and the request as the chart hears them (its
 * invoked actors' done and error events). The events that start an action carry its work: the
 * executors add the test's (`sut.work`).
 */
const events = [
  { type: 'action.submit', payload: { value: 'x' }, action: 'button' },
  { type: 'form.open', value: { value: '' }, action: 'form' },
  { type: 'form.change', patch: { value: 'typed' } },
  { type: 'form.submit' },
  { type: 'form.cancel' },
  { type: 'xstate.done.actor.validate', output: PASSED },
  { type: 'xstate.done.actor.validate', output: REFUSED },
  { type: 'xstate.error.actor.validate', error: new Error('El archivo no se pudo leer.') },
  { type: 'dialog.confirm' },
  { type: 'dialog.cancel' },
  { type: 'xstate.done.actor.perform', output: { text: SUCCESS, data: { id: 7 } } },
  { type: 'xstate.error.actor.perform', error: new Error(FAILURE) },
  { type: 'dialog.close' },
] as unknown as ActionFlowEvent[];

function executors(sut: Sut) {
  const latest = <T,>(list: Deferred<T>[], what: string) => {
    const open = sut.open(list);
    if (open.length === 0) throw new Error(`no ${what} in progress`);
    return open[open.length - 1]!;
  };
  const send = async ({ event }: { event: EventObject }) => {
    sut.actor.send(event as ActionFlowEvent);
    await flush();
  };
  const start = async ({ event }: { event: EventObject }) => {
    sut.actor.send({ ...event, work: sut.work } as ActionFlowEvent);
    await flush();
  };
  const answer = (run: (event: EventObject & { output?: unknown; error?: unknown }) => void) => async ({ event }: { event: EventObject }) => {
    run(event);
    await flush();
  };
  return {
    'action.submit': start,
    'form.open': start,
    'form.change': send,
    'form.submit': send,
    'form.cancel': send,
    'xstate.done.actor.validate': answer((event) => latest(sut.validations, 'check').resolve(event.output as Validation<string>)),
    'xstate.error.actor.validate': answer((event) => latest(sut.validations, 'check').reject(event.error)),
    'dialog.confirm': send,
    'dialog.cancel': send,
    // The host's answer: the row's success text and the answer's data.
    'xstate.done.actor.perform': answer(() => latest(sut.requests, 'request').resolve({ text: SUCCESS, data: { id: 7 } })),
    'xstate.error.actor.perform': answer(() => latest(sut.requests, 'request').reject(new ApiError('api', FAILURE, 400))),
    'dialog.close': send,
  };
}

function assertions(sut: Sut) {
  const snap = () => sut.actor.getSnapshot();
  return {
    idle: () => {
      // Nothing runs: a check left behind by a closed form was stopped with its state.
      expect(Object.keys(snap().children)).toEqual([]);
      expect(showsForm(snap())).toBe(false);
    },
    editing: () => {
      // The chart holds the form; nothing is checked or sent while it is typed.
      expect(snap().context.form).not.toBeNull();
      expect(showsForm(snap())).toBe(true);
      expect(sut.open(sut.validations)).toHaveLength(0);
    },
    validating: () => {
      expect(Object.keys(snap().children)).toEqual(['validate']);
      // A form's check gets what the chart holds; a button's its payload; both with the action under way.
      const last = sut.checked.at(-1)!;
      expect(last.form).toEqual(snap().context.form ?? { value: 'x' });
      expect(last.action).toBe(snap().context.form === null ? 'button' : 'form');
    },
    invalid: () => expect([Msg.blacklistValue, 'El archivo no se pudo leer.']).toContain(snap().context.invalidMessage),
    confirming: () => {
      // Nothing is sent before the user says "Si, continuar!".
      expect(Object.keys(snap().children)).toEqual([]);
      expect(showsForm(snap())).toBe(false);
    },
    waiting: () => {
      expect(Object.keys(snap().children)).toEqual(['perform']);
      expect(sut.performed.at(-1)!.payload).toBe('PAYLOAD');
      expect(showsForm(snap())).toBe(false);
      // The host heard the request leave, once per request.
      expect(sut.heard.filter((h) => h === 'acting')).toHaveLength(sut.performed.length);
      expect(sut.heard.at(-1)).toBe('acting');
    },
    done: () => {
      expect(sut.done.at(-1)).toEqual({ id: 7 });
      // The result is not closed yet: the host waits.
      expect(sut.heard.at(-1)).toBe('acting');
      expect(snap().context.successText).toBe(SUCCESS);
      expect(showsForm(snap())).toBe(false);
    },
    failed: () => {
      expect(sut.toasts.at(-1)).toBe(FAILURE);
      // A form comes back with what was typed.
      expect(showsForm(snap())).toBe(snap().context.form !== null);
    },
  };
}

const variants: [string, ActionFlowInput][] = [
  ['with confirmation', {}],
  ['without confirmation (notes)', { confirm: false, successTitle: 'Aprobado!' }],
];

const byTransition = (s: Snap, e: EventObject | undefined, p?: Snap) =>
  `${JSON.stringify(s.value)}|${JSON.stringify(s.context.form)}|${e ? JSON.stringify(e) : ''}|${p ? JSON.stringify(p.value) : ''}`;
const byState = (s: Snap) => `${JSON.stringify(s.value)}|${s.context.form === null ? 'button' : 'form'}`;

describe.each(variants)('action flow %s, model-based', (_name, input) => {
  const base = { events, input: actionFlowInput(input) };
  const shortest = invokingTestModel(actionFlowMachine, { ...base, serializeState: byTransition }).getShortestPaths();
  const simple = invokingTestModel(actionFlowMachine, { ...base, serializeState: byState }).getSimplePaths();

  it('covers the states this variant can reach', () => {
    // One variant reaches part of the chart; the report counts both together (below).
    const coverage = machineCoverage(actionFlowMachine, [...shortest, ...simple]);
    const unreachable = input.confirm === false ? ['actionFlow.confirming'] : [];
    expect(coverage.states.missing).toEqual(unreachable);
  });

  it.each([...shortest, ...simple].map((p) => [describePath(p), p] as const))('%s', async (_d, path) => {
    const sut = createSut(input);
    await path.test({ states: assertions(sut), events: executors(sut) as never });
  });
});

describe('action flow, both variants together', () => {
  itCoversTheChart(
    'actionFlow',
    actionFlowMachine,
    () =>
      variants.flatMap(([, input]) => invokingTestModel(actionFlowMachine, { events, input: actionFlowInput(input), serializeState: byTransition }).getShortestPaths()),
    'cover every state and every transition of the chart',
  );

  it('a failed check sends nothing and shows the message beside the form, which keeps what was typed', async () => {
    const sut = createSut({});
    sut.actor.send({ type: 'form.open', value: { value: '' }, action: 'form', work: sut.work });
    sut.actor.send({ type: 'form.change', patch: { value: 'abc' } });
    sut.actor.send({ type: 'form.submit' });
    await flush();
    expect(sut.checked.at(-1)).toEqual({ form: { value: 'abc' }, action: 'form' });
    sut.validations[0]!.resolve({ ok: false, message: Msg.blacklistType });
    await flush();
    const snap = sut.actor.getSnapshot();
    expect(snap.matches('invalid')).toBe(true);
    expect(snap.context.invalidMessage).toBe(Msg.blacklistType);
    expect(snap.context.form).toEqual({ value: 'abc' });
    expect(showsForm(snap)).toBe(true);
    expect(sut.requests).toHaveLength(0);
  });

  it('a check that answers after the form was closed changes nothing (its actor was stopped)', async () => {
    const sut = createSut({});
    sut.actor.send({ type: 'form.open', value: { value: 'x' }, action: 'form', work: sut.work });
    sut.actor.send({ type: 'form.submit' });
    await flush();
    sut.actor.send({ type: 'form.cancel' });
    sut.validations[0]!.resolve(PASSED);
    await flush();
    expect(sut.actor.getSnapshot().value).toBe('idle');
    expect(sut.requests).toHaveLength(0);
  });

  it('an answer that comes after the flow stopped (the page left) does nothing', async () => {
    const sut = createSut({ confirm: false });
    sut.actor.send({ type: 'action.submit', payload: { value: 'x' }, work: sut.work });
    await flush();
    sut.validations[0]!.resolve(PASSED);
    await flush();
    expect(sut.actor.getSnapshot().value).toBe('waiting');
    sut.actor.stop();
    sut.requests[0]!.resolve(SUCCESS);
    await flush();
    expect(sut.done).toHaveLength(0);
  });

  it('the check names the question, and a four-eyes answer its own word', async () => {
    const sut = createSut({});
    sut.actor.send({ type: 'action.submit', payload: { value: 'x' }, work: sut.work });
    await flush();
    sut.validations[0]!.resolve({ ok: true, payload: 'P', question: 'Va a hacer X. Continuar?' });
    await flush();
    expect(sut.actor.getSnapshot().context.question).toBe('Va a hacer X. Continuar?');
    sut.actor.send({ type: 'dialog.confirm' });
    await flush();
    sut.requests[0]!.resolve({ title: 'Solicitado!', text: 'Espera la aprobación.' });
    await flush();
    expect(sut.actor.getSnapshot().context).toMatchObject({ successTitle: 'Solicitado!', successText: 'Espera la aprobación.' });
  });

  it('the host hears the request leave and its result closed; a failed request is never settled', async () => {
    const sut = createSut({ confirm: false });
    sut.actor.send({ type: 'action.submit', payload: { value: 'x' }, work: sut.work });
    await flush();
    expect(sut.heard).toEqual([]);
    sut.validations[0]!.resolve(PASSED);
    await flush();
    expect(sut.heard).toEqual(['acting']);
    sut.requests[0]!.resolve(SUCCESS);
    await flush();
    expect(sut.heard).toEqual(['acting']);
    sut.actor.send({ type: 'dialog.close' });
    expect(sut.heard).toEqual(['acting', 'settled']);
    sut.actor.send({ type: 'action.submit', payload: { value: 'y' }, work: sut.work });
    await flush();
    sut.validations[1]!.resolve(PASSED);
    await flush();
    sut.requests[1]!.reject(new ApiError('api', FAILURE, 400));
    await flush();
    sut.actor.send({ type: 'dialog.close' });
    expect(sut.actor.getSnapshot().value).toBe('idle');
    expect(sut.heard).toEqual(['acting', 'settled', 'acting']);
  });

  it('the chart calls the work an action was started with, to its end; the next action brings its own', async () => {
    const first = createSut({});
    const next = createSut({});
    const { actor } = first;
    actor.send({ type: 'form.open', value: { value: 'x' }, action: 'form', work: first.work });
    actor.send({ type: 'form.submit' });
    await flush();
    first.validations[0]!.resolve(PASSED);
    await flush();
    actor.send({ type: 'dialog.confirm' });
    await flush();
    expect(first.performed).toEqual([{ payload: 'PAYLOAD', action: 'form' }]);
    first.requests[0]!.resolve(SUCCESS);
    await flush();
    actor.send({ type: 'dialog.close' });
    expect(first.heard).toEqual(['acting', 'settled']);
    actor.send({ type: 'action.submit', payload: { value: 'y' }, action: 'button', work: next.work });
    await flush();
    expect(next.checked).toEqual([{ form: { value: 'y' }, action: 'button' }]);
    expect(first.checked).toHaveLength(1);
  });

  it('the success dialog says "Listo!" unless the action has its own word', () => {
    expect(createSut({}).actor.getSnapshot().context.successTitle).toBe('Listo!');
    expect(createSut({ successTitle: 'Modificado!' }).actor.getSnapshot().context.successTitle).toBe('Modificado!');
  });
});
